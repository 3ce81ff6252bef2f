import { useQuery } from '@tanstack/react-query';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { approvalsSummaryQueryOptions } from '@web/features/home/api/approvals-summary.ts';
import { approvalsWaitingText } from '@web/features/home/approvals-waiting-text.ts';
import { APPROVER_ENTRIES } from '@web/features/home/home-entries.ts';
import { HomeEntryCard } from './home-entry-card.tsx';

/**
 * The home screen's part for those who approve orders: Approvals, saying what waits for them across their cafés,
 * and the District Ops Tracker. A summary that could not be read says so; it never shows a count in its place.
 */
export function ApproverSection() {
  const summary = useQuery(approvalsSummaryQueryOptions());
  const waiting = summary.data
    ? approvalsWaitingText(summary.data, new Date())
    : summary.isError
      ? 'Open Approvals to see the orders waiting.'
      : 'Reading what is waiting…';

  return (
    <section aria-labelledby="home-approver" className="flex flex-col gap-3">
      <h2 id="home-approver" className="text-sm font-medium text-muted-foreground">
        Approvals and your cafés
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        <li>
          <HomeEntryCard entry={APPROVER_ENTRIES.approvals} state="allowed" description={waiting} />
        </li>
        <li>
          <HomeEntryCard
            entry={APPROVER_ENTRIES.opsTracker}
            state="allowed"
            description={APPROVER_ENTRIES.opsTracker.description}
          />
        </li>
      </ul>
      {summary.isError ? (
        <ReadFailed
          title="What waits for approval could not load"
          error={summary.error}
          onRetry={() => summary.refetch()}
        />
      ) : null}
    </section>
  );
}
