import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { API_HEALTH_REFRESH_MS, useApiHealth } from '@web/features/admin/api/api-health.ts';
import { SUCCESS_BADGE, WARNING_BADGE } from '@web/features/admin/components/common/alert-tones.ts';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { formatDuration } from '@web/features/admin/format.ts';
import { cn } from '@web/lib/cn.ts';
import { formatDateTime } from '@web/lib/display-format.ts';
import { Activity, Clock, Database, RefreshCw, Tag, Unplug } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'good' | 'warn' | 'bad' | 'neutral';

const TONE_BADGE: Record<Tone, { variant: 'outline' | 'destructive'; className?: string; text: string }> = {
  good: { variant: 'outline', className: SUCCESS_BADGE, text: 'Healthy' },
  warn: { variant: 'outline', className: WARNING_BADGE, text: 'Slow' },
  bad: { variant: 'destructive', text: 'Failing' },
  neutral: { variant: 'outline', text: '' },
};

function Metric({
  icon,
  title,
  value,
  detail,
  tone = 'neutral',
  badge,
}: {
  icon: ReactNode;
  title: string;
  value: ReactNode;
  detail?: ReactNode;
  tone?: Tone;
  badge?: string;
}) {
  const shown = badge ?? TONE_BADGE[tone].text;
  return (
    <Card className="gap-2 px-4">
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          {icon}
          {title}
        </h2>
        {shown ? (
          <Badge variant={TONE_BADGE[tone].variant} className={TONE_BADGE[tone].className}>
            {shown}
          </Badge>
        ) : null}
      </div>
      <p className={cn('text-2xl tabular-nums tracking-tight', tone === 'bad' && 'text-destructive')}>
        {value}
      </p>
      {detail ? <p className="text-sm text-muted-foreground">{detail}</p> : null}
    </Card>
  );
}

/** Latency above this feels slow on the count screens; below it nobody notices. */
const SLOW_DATABASE_MS = 200;

function percent(rate: number): string {
  return `${(rate * 100).toFixed(rate > 0 && rate < 0.01 ? 2 : 1)} %`;
}

/** How the service is doing right now; asks again every 30 seconds while the page is on screen. */
export function ApiHealthSection() {
  const health = useApiHealth();
  const data = health.data;
  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {health.dataUpdatedAt
            ? `Updated ${formatDateTime(new Date(health.dataUpdatedAt).toISOString())} · refreshes every ${API_HEALTH_REFRESH_MS / 1000} s`
            : 'Checking…'}
        </p>
        <Button variant="outline" size="sm" disabled={health.isFetching} onClick={() => health.refetch()}>
          <RefreshCw aria-hidden className={cn(health.isFetching && 'animate-spin')} />
          Refresh now
        </Button>
      </div>
      {data ? null : <QueryState query={health} label="service health" />}
      {data && health.isError ? (
        <Alert variant="warning" live="status">
          <AlertTitle>The last check did not answer</AlertTitle>
          <AlertDescription>
            These figures are from the check before; it tries again in 30 seconds.
          </AlertDescription>
        </Alert>
      ) : null}
      {data ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Metric
            icon={<Database aria-hidden className="size-4" />}
            title="Database"
            value={
              data.database.latencyMs === null ? 'No answer' : `${data.database.latencyMs.toFixed(1)} ms`
            }
            detail={`${data.database.driver === 'pglite' ? 'Embedded PGlite' : 'PostgreSQL'} · one timed query`}
            tone={
              !data.database.ok ? 'bad' : (data.database.latencyMs ?? 0) > SLOW_DATABASE_MS ? 'warn' : 'good'
            }
          />
          <Metric
            icon={<Activity aria-hidden className="size-4" />}
            title="Error rate"
            value={data.requests.errorRate === null ? '—' : percent(data.requests.errorRate)}
            detail={`${data.requests.errors} server errors in ${data.requests.total} requests, last ${data.requests.windowMinutes} min`}
            tone={
              data.requests.errorRate === null || data.requests.errorRate === 0
                ? 'good'
                : data.requests.errorRate < 0.05
                  ? 'warn'
                  : 'bad'
            }
            badge={data.requests.errorRate ? undefined : 'No errors'}
          />
          <Metric
            icon={<Clock aria-hidden className="size-4" />}
            title="Uptime"
            value={formatDuration(data.uptimeSeconds)}
            detail={`Running since ${formatDateTime(data.startedAt)}`}
          />
          <Metric
            icon={<Tag aria-hidden className="size-4" />}
            title="Version"
            value={<span className="font-mono">{data.version}</span>}
          />
          <Metric
            icon={<Unplug aria-hidden className="size-4" />}
            title="Square"
            value={
              !data.square.configured
                ? 'Not connected'
                : data.square.latencyMs !== null
                  ? `${data.square.latencyMs} ms`
                  : 'Unreachable'
            }
            detail={
              !data.square.configured
                ? 'Nightly Counts work without Square figures.'
                : data.square.reachable
                  ? `${data.square.label} answers.`
                  : `${data.square.label}: ${data.square.message ?? 'no answer.'}`
            }
            tone={!data.square.configured ? 'neutral' : data.square.reachable ? 'good' : 'bad'}
            badge={
              !data.square.configured
                ? 'Off'
                : data.square.mode === 'simulator'
                  ? 'Demo simulator'
                  : data.square.reachable
                    ? 'Reachable'
                    : 'Unreachable'
            }
          />
        </div>
      ) : null}
    </div>
  );
}
