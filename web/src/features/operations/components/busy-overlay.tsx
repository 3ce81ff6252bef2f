import { Loader2 } from 'lucide-react';

/** Full-screen overlay while a whole-count action runs: 'Completing count...' or 'Processing...'. */
export function BusyOverlay({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-label={text}
      aria-busy="true"
      className="fixed inset-0 z-50 flex items-center justify-center bg-background/70 backdrop-blur-sm"
    >
      <div className="flex items-center gap-3 rounded-xl border border-border bg-card px-6 py-4 shadow-lg">
        <Loader2 aria-hidden className="size-5 animate-spin text-primary" />
        <p className="font-medium text-foreground">{text}</p>
      </div>
    </div>
  );
}
