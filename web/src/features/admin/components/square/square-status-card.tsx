import type { SquareOverview, SquareTestResult } from '@engine/square-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { useSyncSquare, useTestSquareConnection } from '@web/features/admin/api/square.ts';
import { SUCCESS_BADGE, WARNING_BADGE } from '@web/features/admin/components/common/alert-tones.ts';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { formatDateTime } from '@web/lib/display-format.ts';
import { CircleCheck, CloudOff, FlaskConical, PlugZap, RefreshCw } from 'lucide-react';

const MODE_TEXT: Record<
  SquareOverview['connection']['mode'],
  { badge: string; className?: string; body: string }
> = {
  connected: {
    badge: 'Connected',
    className: SUCCESS_BADGE,
    body: 'Parstock reads locations, the catalog and on-hand counts from this Square account.',
  },
  simulator: {
    badge: 'Demo simulator',
    className: WARNING_BADGE,
    body: 'This demo talks to the Square demo simulator, a local stand-in holding the demo chain’s catalog. Set SQUARE_ACCESS_TOKEN (and SQUARE_ENVIRONMENT) and restart to use a real Square account.',
  },
  not_configured: {
    badge: 'Not configured',
    body: 'Square is not connected. Set SQUARE_ACCESS_TOKEN (and SQUARE_ENVIRONMENT: sandbox or production) and restart. Everything else works without it; Nightly Counts show — where Square’s figures would be.',
  },
};

function TestOutcome({ result }: { result: SquareTestResult }) {
  return (
    <Alert variant={result.ok ? 'info' : 'warning'} live="status" data-testid="square-test-result">
      {result.ok ? <CircleCheck aria-hidden /> : <CloudOff aria-hidden />}
      <AlertTitle>{result.ok ? 'Square answered' : 'Square is unreachable'}</AlertTitle>
      <AlertDescription>{result.message}</AlertDescription>
    </Alert>
  );
}

/** Connection status, 'Test connection', 'Sync now' and what the last sync did. */
export function SquareStatusCard({ overview }: { overview: SquareOverview }) {
  const test = useTestSquareConnection();
  const sync = useSyncSquare();
  const connected = overview.connection.mode !== 'not_configured';
  const last = overview.lastSync;
  // Set up is not the same as working: a green badge beside a failed sync would say the opposite of the line below.
  const mode =
    connected && last?.ok === false
      ? { ...MODE_TEXT[overview.connection.mode], badge: 'Last sync failed', className: WARNING_BADGE }
      : MODE_TEXT[overview.connection.mode];
  return (
    <SectionCard
      title="Connection"
      headingId="square-connection"
      description={mode.body}
      actions={
        <>
          <Button variant="outline" disabled={test.isPending} onClick={() => test.mutate()}>
            <PlugZap aria-hidden />
            {test.isPending ? 'Testing...' : 'Test connection'}
          </Button>
          <Button disabled={!connected || sync.isPending} onClick={() => sync.mutate()}>
            <RefreshCw aria-hidden className={sync.isPending ? 'animate-spin' : undefined} />
            {sync.isPending ? 'Syncing...' : 'Sync now'}
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {overview.connection.mode === 'simulator' ? <FlaskConical aria-hidden className="size-4" /> : null}
          <span className="font-medium" data-testid="square-connection-label">
            {overview.connection.label}
          </span>
          <Badge variant="outline" className={mode.className} data-testid="square-connection-mode">
            {mode.badge}
          </Badge>
        </p>
        <p className="text-sm text-muted-foreground" data-testid="square-last-sync">
          {last === null
            ? 'Never synced.'
            : last.ok
              ? `Last sync ${formatDateTime(last.finishedAt)}${last.syncedBy ? ` by ${last.syncedBy}` : ''}: ${last.locations} locations and ${last.variations} item variations; ${last.locationsMapped} locations and ${last.productsMapped} products newly matched.`
              : `Last sync ${formatDateTime(last.finishedAt)} failed: ${last.message ?? 'Square did not answer.'}`}
        </p>
        {test.data ? <TestOutcome result={test.data} /> : null}
        <MutationError error={test.error} title="The test could not run" />
        <MutationError error={sync.error} title="The sync could not run" />
      </div>
    </SectionCard>
  );
}
