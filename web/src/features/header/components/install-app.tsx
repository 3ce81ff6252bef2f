import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { DropdownMenuItem } from '@web/components/ui/dropdown-menu.tsx';
import { useInstallOption } from '@web/lib/offline/install-prompt.ts';
import { useWaitingUpdate } from '@web/lib/offline/service-worker-client.ts';
import { Download, RefreshCw, Share, SquarePlus } from 'lucide-react';

export const INSTALL_LABEL = 'Install Parstock';
export const IOS_STEPS_TITLE = 'Add Parstock to your Home Screen';

/**
 * The profile menu's install entry: the browser's own prompt where it offers one (Chromium), the steps
 * for Safari on iPhone and iPad (which has no prompt), nothing once installed or where neither applies.
 */
export function InstallMenuItem({ onShowIosSteps }: { onShowIosSteps: () => void }) {
  const option = useInstallOption();
  if (!option) return null;
  return (
    <DropdownMenuItem
      onSelect={() => {
        if (option.kind === 'prompt') void option.install();
        else onShowIosSteps();
      }}
    >
      <Download aria-hidden />
      {INSTALL_LABEL}
    </DropdownMenuItem>
  );
}

/** "Reload to update" stays in the menu while a new version waits, in case its toast was missed. */
export function UpdateMenuItem() {
  const activate = useWaitingUpdate();
  if (!activate) return null;
  return (
    <DropdownMenuItem onSelect={activate}>
      <RefreshCw aria-hidden />
      Reload to update
    </DropdownMenuItem>
  );
}

export function IosInstallSteps({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{IOS_STEPS_TITLE}</DialogTitle>
          <DialogDescription>
            Parstock then opens like an app, full screen, and counting works in the back room with no signal.
          </DialogDescription>
        </DialogHeader>
        <ol className="grid gap-3 text-sm">
          <li className="flex items-start gap-3">
            <Share aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              In Safari, tap <strong>Share</strong> (the square with an arrow, at the bottom of the screen).
            </span>
          </li>
          <li className="flex items-start gap-3">
            <SquarePlus aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <span>
              Scroll down and tap <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
            </span>
          </li>
        </ol>
      </DialogContent>
    </Dialog>
  );
}
