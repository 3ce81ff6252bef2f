import type { UserWithOneTimePassword } from '@engine/user-admin-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { CopyButton } from '@web/features/admin/components/common/copy-button.tsx';
import { personName } from '@web/features/admin/format.ts';
import { KeyRound } from 'lucide-react';

export interface OneTimePasswordShown extends UserWithOneTimePassword {
  reason: 'invite' | 'reset';
}

/**
 * The one-time password, shown once: the server never gives it out again. The dialog closes only on Done, not
 * on a stray click outside or an Escape pressed out of habit, so it is not lost before it is noted.
 */
export function OneTimePasswordDialog({
  shown,
  onClose,
}: {
  shown: OneTimePasswordShown | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
        showCloseButton={false}
      >
        {shown ? (
          <>
            <DialogHeader>
              <span className="mx-auto mb-1 inline-flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary sm:mx-0">
                <KeyRound aria-hidden className="size-5" />
              </span>
              <DialogTitle>
                {shown.reason === 'invite'
                  ? `${personName(shown.user)} is invited`
                  : `New password for ${personName(shown.user)}`}
              </DialogTitle>
              <DialogDescription>
                Give them this one-time password in person or by phone. It is shown only now; after you close
                this, nobody can see it again.
                {shown.reason === 'reset' ? ' Their old password and every session have ended.' : ''}
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-1.5">
              <Label htmlFor="one-time-password">One-time password</Label>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
                <Input
                  id="one-time-password"
                  readOnly
                  value={shown.oneTimePassword}
                  onFocus={(event) => event.currentTarget.select()}
                  className="font-mono text-lg tracking-wider md:text-lg"
                />
                <CopyButton text={shown.oneTimePassword} label="Copy password" />
              </div>
              <p className="text-xs text-muted-foreground">
                They sign in as <span className="font-medium text-foreground">{shown.user.email}</span>.
              </p>
            </div>
            <DialogFooter>
              <Button type="button" onClick={onClose}>
                Done
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
