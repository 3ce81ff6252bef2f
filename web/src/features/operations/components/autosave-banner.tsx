import { Button } from '@web/components/ui/button.tsx';
import type { AutosaveStatus } from '@web/features/operations/model/autosave-status.ts';
import { cn } from '@web/lib/cn.ts';
import { AlertTriangle, CheckCircle2, Loader2, RefreshCw, X, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

const toneClass = {
  info: 'border-primary/30 bg-background text-foreground',
  success: 'border-success/40 bg-background text-foreground',
  warning: 'border-warning/50 bg-background text-foreground',
  destructive: 'border-destructive/50 bg-background text-destructive',
} as const;

const toneIcon = {
  info: <Loader2 aria-hidden className="size-4 animate-spin text-primary" />,
  success: <CheckCircle2 aria-hidden className="size-4 text-success" />,
  warning: <AlertTriangle aria-hidden className="size-4 text-warning" />,
  destructive: <XCircle aria-hidden className="size-4" />,
} as const;

/** One of the banner's buttons: small, outlined, kept on the banner's line on a phone. */
function BannerAction({
  icon,
  onClick,
  children,
}: {
  icon: ReactNode;
  onClick: () => void;
  children: string;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="-my-1 shrink-0 px-2.5 text-foreground sm:my-0 sm:px-3"
      onClick={onClick}
    >
      {icon}
      {children}
    </Button>
  );
}

/**
 * The top banner of requirements §2. It floats just under the header so it never pushes the rows the person is
 * typing into; the live region announces each change once. Floating, it covers the screen's title row, so a
 * banner that lasts as long as the network is gone can be hidden (`onHide`).
 */
export function AutosaveBanner({
  banner,
  onRetry,
  onDismiss,
  onSendAgain,
  onHide,
}: {
  banner: AutosaveStatus['banner'];
  onRetry: () => void;
  onDismiss?: () => void;
  /** Refused changes sent once more, for when their reason is gone. */
  onSendAgain?: () => void;
  onHide?: () => void;
}) {
  return (
    <div className="pointer-events-none sticky top-[4.25rem] z-30 h-0 sm:top-[4.75rem]">
      <div aria-live="polite" className="flex justify-center px-2">
        {banner ? (
          <div
            data-testid="autosave-banner"
            data-tone={banner.tone}
            className={cn(
              // Wrapping: on a phone the buttons go under the words rather than squeeze them to a word a line.
              'pointer-events-auto flex max-w-xl flex-wrap items-start gap-2.5 rounded-xl border px-3 py-2 text-sm shadow-md sm:flex-nowrap sm:gap-3 sm:px-4 sm:py-2.5',
              toneClass[banner.tone],
            )}
          >
            <span className="mt-0.5 shrink-0">{toneIcon[banner.tone]}</span>
            <div className="min-w-[11rem] flex-1 sm:min-w-0">
              <p className="font-medium">{banner.text}</p>
              {banner.details.length > 0 ? (
                <ul className="mt-0.5 hidden text-muted-foreground text-xs sm:block">
                  {banner.details.slice(0, 4).map((detail) => (
                    <li key={detail}>{detail}</li>
                  ))}
                  {banner.details.length > 4 ? <li>and {banner.details.length - 4} more</li> : null}
                </ul>
              ) : null}
            </div>
            {banner.canRetry ? (
              <BannerAction icon={<RefreshCw aria-hidden />} onClick={onRetry}>
                Retry now
              </BannerAction>
            ) : null}
            {banner.canDismiss && onSendAgain ? (
              <BannerAction icon={<RefreshCw aria-hidden />} onClick={onSendAgain}>
                Send again
              </BannerAction>
            ) : null}
            {banner.canDismiss && onDismiss ? (
              <BannerAction icon={<X aria-hidden />} onClick={onDismiss}>
                Dismiss
              </BannerAction>
            ) : null}
            {banner.canHide && onHide ? (
              <Button
                variant="ghost"
                size="sm"
                className="-my-1 -mr-1.5 w-8 shrink-0 px-0 text-muted-foreground sm:my-0"
                aria-label="Hide this message"
                title="Hide this message"
                onClick={onHide}
              >
                <X aria-hidden />
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
