import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import type { SquareNoticeText } from '@web/features/operations/model/square-figure-view.ts';
import { CloudOff, Info } from 'lucide-react';

/** The one line above Nightly Counts about Square: loading, or why its figures are missing. */
export function SquareNotice({ fetching, notice }: { fetching: boolean; notice: SquareNoticeText | null }) {
  if (fetching) {
    return (
      <p className="text-muted-foreground text-sm" role="status">
        Fetching Square inventory...
      </p>
    );
  }
  if (!notice) return null;
  return (
    <Alert
      variant={notice.tone === 'warning' ? 'warning' : 'info'}
      live={notice.tone === 'warning' ? 'status' : 'none'}
      data-testid="square-notice"
    >
      {notice.tone === 'warning' ? <CloudOff aria-hidden /> : <Info aria-hidden />}
      <AlertTitle>{notice.title}</AlertTitle>
      <AlertDescription>{notice.body}</AlertDescription>
    </Alert>
  );
}
