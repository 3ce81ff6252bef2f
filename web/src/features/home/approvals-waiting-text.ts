import { whenPhrase } from '@engine/cafe-time-labels.ts';
import type { ApprovalsSummary } from '@engine/order-schemas.ts';
import { formatMoney, plural } from '@web/lib/display-format.ts';

/**
 * The Approvals card's line on the home screen: how many orders wait, from how many cafés, what they come to and
 * how long the oldest has waited ('3 orders from 2 cafés wait for approval, $1,240.50 in all. The oldest was sent
 * today at 07:50.'). The time is the device's: the orders may come from cafés in several zones.
 */
export function approvalsWaitingText(summary: ApprovalsSummary, now: Date): string {
  if (summary.waiting === 0) return 'No orders are waiting for approval.';
  const sent = summary.oldestSubmittedAt === null ? null : whenPhrase(summary.oldestSubmittedAt, now);
  const total = formatMoney(summary.total);
  if (summary.waiting === 1) {
    return `1 order waits for approval, ${total}.${sent === null ? '' : ` It was sent ${sent}.`}`;
  }
  const cafes = plural(summary.cafes, 'café');
  return `${plural(summary.waiting, 'order')} from ${cafes} wait for approval, ${total} in all.${sent === null ? '' : ` The oldest was sent ${sent}.`}`;
}
