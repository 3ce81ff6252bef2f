/**
 * The District Ops Tracker's red/amber/green rules: one per signal of a café's day, each written once here
 * so the grid's colours and the legend that explains them cannot disagree.
 */

export type Rag = 'green' | 'amber' | 'red';

export const OPS_SIGNAL_KEYS = ['count', 'nightly', 'tasks', 'approvals', 'lastOrder', 'pars'] as const;
export type OpsSignalKey = (typeof OPS_SIGNAL_KEYS)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A count older than this is stale even with no order since. */
export const COUNT_FRESH_DAYS = 7;
/** After an order, a café has this long to count again before the count turns red. */
export const COUNT_AFTER_ORDER_DAYS = 3;
/**
 * A count that gave a number to fewer of the café's listed products than this share is partial: it was completed,
 * but Suggest Orders has nothing to go on for the rest. Completing asks about the gaps; the district sees them here.
 */
export const COUNT_COVERED_PERCENT = 80;
export const APPROVAL_WAIT_HOURS = 24;
export const ORDER_AMBER_DAYS = 7;
export const ORDER_RED_DAYS = 14;
export const OVERDUE_RED = 3;
export const PARS_RED = 5;

/** What one café's day looked like at `asOf` (now for today, the day's end for an earlier day). */
export interface CafeDayFacts {
  asOf: string;
  /** The business date has ended (an earlier day). */
  dayOver: boolean;
  lastCountAt: string | null;
  /** Products the last count gave a number to, of those the café lists to count; null if never counted. */
  lastCountProducts: { counted: number; listed: number } | null;
  lastOrderAt: string | null;
  nightly: { startedAt: string | null; completedAt: string | null };
  tasks: { total: number; done: number; overdue: number };
  approvals: { waiting: number; oldestAt: string | null };
  parsNotSet: number;
}

const ageOf = (at: string, asOf: string) => Date.parse(asOf) - Date.parse(at);

/** The last count left out more than it may: under COUNT_COVERED_PERCENT of the listed products have a number. */
export function isPartialCount(products: CafeDayFacts['lastCountProducts']): boolean {
  if (products === null || products.listed <= 0) return false;
  return products.counted * 100 < products.listed * COUNT_COVERED_PERCENT;
}

export function countRag(
  facts: Pick<CafeDayFacts, 'asOf' | 'lastCountAt' | 'lastOrderAt' | 'lastCountProducts'>,
): Rag {
  const { asOf, lastCountAt, lastOrderAt } = facts;
  if (lastCountAt === null) return 'red';
  const countedSinceOrder = lastOrderAt === null || Date.parse(lastCountAt) > Date.parse(lastOrderAt);
  if (countedSinceOrder) {
    const fresh = ageOf(lastCountAt, asOf) < COUNT_FRESH_DAYS * DAY;
    return fresh && !isPartialCount(facts.lastCountProducts) ? 'green' : 'amber';
  }
  return lastOrderAt !== null && ageOf(lastOrderAt, asOf) >= COUNT_AFTER_ORDER_DAYS * DAY ? 'red' : 'amber';
}

/**
 * The day's nightly count was completed after the day ended: done, as the reports say, but late, as a task ticked
 * after its day is (decision 126). An earlier day's `asOf` is its end; today's is now, which nothing follows.
 */
export function nightlyDoneLate(facts: Pick<CafeDayFacts, 'asOf' | 'dayOver' | 'nightly'>): boolean {
  const { completedAt } = facts.nightly;
  return facts.dayOver && completedAt !== null && Date.parse(completedAt) >= Date.parse(facts.asOf);
}

export function nightlyRag(facts: Pick<CafeDayFacts, 'asOf' | 'dayOver' | 'nightly'>): Rag {
  if (facts.nightly.completedAt !== null) return nightlyDoneLate(facts) ? 'amber' : 'green';
  return facts.dayOver ? 'red' : 'amber';
}

export function tasksRag(facts: Pick<CafeDayFacts, 'tasks'>): Rag {
  if (facts.tasks.overdue === 0) return 'green';
  return facts.tasks.overdue >= OVERDUE_RED ? 'red' : 'amber';
}

export function approvalsRag(facts: Pick<CafeDayFacts, 'asOf' | 'approvals'>): Rag {
  const { waiting, oldestAt } = facts.approvals;
  if (waiting === 0 || oldestAt === null) return 'green';
  return ageOf(oldestAt, facts.asOf) >= APPROVAL_WAIT_HOURS * HOUR ? 'red' : 'amber';
}

export function lastOrderRag(facts: Pick<CafeDayFacts, 'asOf' | 'lastOrderAt'>): Rag {
  if (facts.lastOrderAt === null) return 'red';
  const age = ageOf(facts.lastOrderAt, facts.asOf);
  if (age >= ORDER_RED_DAYS * DAY) return 'red';
  return age >= ORDER_AMBER_DAYS * DAY ? 'amber' : 'green';
}

export function parsRag(facts: Pick<CafeDayFacts, 'parsNotSet'>): Rag {
  if (facts.parsNotSet === 0) return 'green';
  return facts.parsNotSet >= PARS_RED ? 'red' : 'amber';
}

export function opsSignals(facts: CafeDayFacts): Record<OpsSignalKey, Rag> {
  return {
    count: countRag(facts),
    nightly: nightlyRag(facts),
    tasks: tasksRag(facts),
    approvals: approvalsRag(facts),
    lastOrder: lastOrderRag(facts),
    pars: parsRag(facts),
  };
}

const RAG_ORDER: Record<Rag, number> = { green: 0, amber: 1, red: 2 };

/** The worst colour of a café's row: what the district manager looks at first. */
export function worstRag(rags: readonly Rag[]): Rag {
  return rags.reduce<Rag>((worst, rag) => (RAG_ORDER[rag] > RAG_ORDER[worst] ? rag : worst), 'green');
}

/** The legend under the grid: each signal's column name and its three rules, in words. */
export const OPS_SIGNAL_LEGEND: Record<OpsSignalKey, { label: string } & Record<Rag, string>> = {
  count: {
    label: 'Inventory count',
    green: `Counted since the last order, within ${COUNT_FRESH_DAYS} days, with ${COUNT_COVERED_PERCENT}% or more of the café’s products counted`,
    amber: `Not counted since the last order yet (under ${COUNT_AFTER_ORDER_DAYS} days), the count is over ${COUNT_FRESH_DAYS} days old, or it counted under ${COUNT_COVERED_PERCENT}% of the café’s products`,
    red: `Never counted, or no count ${COUNT_AFTER_ORDER_DAYS}+ days after the last order`,
  },
  nightly: {
    label: 'Nightly count',
    green: 'Completed for the day',
    amber: 'Not completed yet; the day is still running. Or completed late, after the day ended',
    red: 'The day ended without a completed nightly count',
  },
  tasks: {
    label: 'Tasks',
    green: 'Nothing overdue',
    amber: `1–${OVERDUE_RED - 1} tasks overdue`,
    red: `${OVERDUE_RED} or more tasks overdue (or missed)`,
  },
  approvals: {
    label: 'Awaiting approval',
    green: 'No order waiting',
    amber: `Orders waiting under ${APPROVAL_WAIT_HOURS} hours`,
    red: `An order waiting ${APPROVAL_WAIT_HOURS} hours or more`,
  },
  lastOrder: {
    label: 'Last order',
    green: `Within ${ORDER_AMBER_DAYS} days`,
    amber: `${ORDER_AMBER_DAYS}–${ORDER_RED_DAYS - 1} days ago`,
    red: `${ORDER_RED_DAYS}+ days ago, or never`,
  },
  pars: {
    label: 'PARs never set',
    green: 'Every product the café carries (active or new) has a PAR',
    amber: `1–${PARS_RED - 1} products carried with a PAR of 0`,
    red: `${PARS_RED} or more products carried with a PAR of 0`,
  },
};
