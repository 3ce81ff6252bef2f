import { CloudOff, type LucideIcon } from 'lucide-react';

/**
 * One slim line above a screen that is offline: what is shown, and (from a tablet up) what becomes of what is
 * typed. On a phone it stays one line, so the rows being worked on stay in view beneath it.
 */
export function OfflineLine({
  testId,
  title,
  detail,
  Icon = CloudOff,
}: {
  testId: string;
  title: string;
  detail: string;
  Icon?: LucideIcon;
}) {
  return (
    <div
      role="status"
      data-testid={testId}
      className="-mt-2 mb-3 flex items-center gap-2 rounded-[var(--ui-card-radius,var(--radius))] border border-warning/50 bg-warning/10 px-3 py-1.5 text-sm sm:mt-0 sm:mb-4"
    >
      <Icon aria-hidden className="size-4 shrink-0 text-warning" />
      <p>
        <span className="font-semibold">{title}</span>
        <span className="hidden text-muted-foreground sm:inline"> · {detail}</span>
      </p>
    </div>
  );
}
