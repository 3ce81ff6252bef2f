import { formatOrderNumber } from '@engine/order-number.ts';
import { suggestOrderQuantity } from '@engine/suggest-order-quantity.ts';
import type { InventoryHistory } from './demo-inventory-history.ts';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-products.ts';
import { addNightlyCount, type RoutineHistory } from './demo-routine-history.ts';
import type { CountItemRow, OrderEventRow, OrderStatus } from './demo-rows.ts';
import type { CafeStaffing } from './demo-staffing.ts';
import { type SeededRandom, seededRandom } from './seeded-random.ts';
import { addDays, localDate, zonedInstant } from './zoned-time.ts';

export type OlderHistory = Omit<InventoryHistory, 'locationProducts'> &
  Omit<RoutineHistory, 'taskCompletions'>;

/**
 * Four months before the four-week window, so the Navigator's reports have a story over time: twice-weekly
 * counts, the orders they produced (all long since received, rejected or cancelled), and nightly counts with
 * Square's figures. Drawn from a random stream of its own and inserted after the window's rows, so the window
 * (and every test that reads it) stays exactly as it was.
 */
const OLDER_SEED = 0x01d_4157;
const OLDER_DAYS = 120;
// The window's nightly counts cover the 28 days before today.
const WINDOW_NIGHTS = 28;
const NIGHTLY_COUNT_DONE = 0.93;
const DAY = 86_400_000;

// Iced drinks sell in summer and hot cups in winter; oat milk took over from almond milk over those months.
const ICED = new Set(['Cold Brew', 'Cold Cups', 'Concentrates & Iced Tea']);
const HOT = new Set(['Hot Cups']);
const GROWING = 'Oat Milk Barista Edition';
const DECLINING = 'Almond Milk Barista Edition';
// A catering week at the two large cafés: bakery and grab-and-go went three times as fast for a few days.
const CATERING = { cafes: new Set(['DT-01', 'NS-01']), daysBeforeWindow: 70, days: 3, factor: 3 };
const CATERED = new Set(['Bakery', 'Grab-and-Go Food']);
// The odd order did not arrive: the shelves ran down to the next count.
const OLD_OUTCOMES: Record<string, Record<number, 'rejected' | 'cancelled'>> = {
  'DT-02': { 20: 'rejected' },
  'NS-02': { 31: 'cancelled' },
  'DT-03': { 12: 'rejected' },
};
const REJECTION = 'Over the month’s budget. Cut retail and resubmit with the next count.';
const CANCELLATION = 'Vendor cancelled the delivery slot; rolled into the next order.';
// Prices crept up: a line bought four months before the window cost about this much less.
const PRICE_DRIFT = 0.04;

const roundCents = (value: number) => Math.round(value * 100) / 100;

/** Day of year as a fraction of the year, for seasons. */
const seasonOf = (day: string) => {
  const start = Date.parse(`${day.slice(0, 4)}-01-01T00:00:00Z`);
  return (Date.parse(`${day}T00:00:00Z`) - start) / (365.25 * DAY);
};

interface Day {
  /** -1 in midwinter to 1 in midsummer. */
  summer: number;
  /** How far into the months before the window, 0 at the window's start and 1 at the first older count. */
  ago: number;
  daysBefore: number;
}

function dayOf(day: string, windowStart: string): Day {
  const daysBefore = (Date.parse(`${windowStart}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY;
  return { summer: Math.cos(2 * Math.PI * (seasonOf(day) - 0.54)), ago: daysBefore / OLDER_DAYS, daysBefore };
}

function usageFactor(product: DemoProduct, code: string, { summer, ago, daysBefore }: Day): number {
  let factor = 1;
  if (product.subcategory && ICED.has(product.subcategory)) factor *= 1 + 0.45 * summer;
  if (product.subcategory && HOT.has(product.subcategory)) factor *= 1 - 0.15 * summer;
  if (product.name === GROWING) factor *= 1 - 0.45 * ago;
  if (product.name === DECLINING) factor *= 1 + 0.9 * ago;
  const catering =
    CATERING.cafes.has(code) &&
    CATERED.has(product.category) &&
    daysBefore <= CATERING.daysBeforeWindow &&
    daysBefore > CATERING.daysBeforeWindow - CATERING.days;
  if (catering) factor *= CATERING.factor;
  return factor;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Each product's usual daily usage at a café as the window's own counts show it (count + received − next
 * count, per day), so the older history runs at the rate the window continues.
 */
function windowUsage(inventory: InventoryHistory, code: string): Map<string, number> {
  const completions = inventory.countCompletions
    .filter((c) => c.location === code)
    .sort((a, b) => a.completedAt.localeCompare(b.completedAt));
  const countsOf = new Map<string, Map<string, number>>();
  for (const item of inventory.countItems) {
    if (item.location !== code) continue;
    const counts = countsOf.get(item.sessionStartedAt) ?? new Map<string, number>();
    counts.set(item.product, item.count);
    countsOf.set(item.sessionStartedAt, counts);
  }
  const sessions = inventory.countSessions.filter((s) => s.location === code);
  const rates = new Map<string, number[]>();
  for (let k = 0; k + 1 < completions.length; k++) {
    const [from, to] = [completions[k], completions[k + 1]];
    if (!from || !to) continue;
    const closedAt = sessions.find((s) => s.startedAt === from.sessionStartedAt)?.closedAt;
    const order = inventory.orders.find((o) => o.location === code && o.createdAt === closedAt);
    const received = new Map<string, number>();
    if (order?.status === 'received')
      for (const line of inventory.orderLines)
        if (line.order === order.number) received.set(line.product, line.quantity);
    const days = (Date.parse(to.completedAt) - Date.parse(from.completedAt)) / DAY;
    const before = countsOf.get(from.sessionStartedAt);
    for (const [product, count] of countsOf.get(to.sessionStartedAt) ?? []) {
      const previous = before?.get(product);
      if (previous === undefined) continue;
      const usage = previous + (received.get(product) ?? 0) - count;
      if (usage >= 0) rates.set(product, [...(rates.get(product) ?? []), usage / days]);
    }
  }
  return new Map([...rates].map(([product, values]) => [product, median(values)]));
}

export function buildOlderHistory(now: Date, cafes: readonly CafeStaffing[], inventory: InventoryHistory) {
  const random = seededRandom(OLDER_SEED);
  const history: OlderHistory = {
    countSessions: [],
    countItems: [],
    countCompletions: [],
    orders: [],
    orderLines: [],
    orderEvents: [],
    nightlyCounts: [],
    nightlyCountItems: [],
  };
  cafes.forEach((cafe, index) => {
    simulateCafe(history, random, { cafe, index, inventory });
    nightlyCounts(history, random, now, cafe);
  });
  return history;
}

interface CafeInput {
  cafe: CafeStaffing;
  index: number;
  inventory: InventoryHistory;
}

interface Line {
  product: DemoProduct;
  par: number;
  usagePerDay: number;
  level: number;
}

function simulateCafe(history: OlderHistory, random: SeededRandom, { cafe, index, inventory }: CafeInput) {
  const { code } = cafe.location;
  const zone = cafe.timezone;
  const windowSessions = inventory.countSessions
    .filter((s) => s.location === code)
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const firstWindowSession = windowSessions[0];
  if (!firstWindowSession) return;
  const windowStart = localDate(new Date(firstWindowSession.startedAt), zone);
  const firstWindowCounts = new Map(
    inventory.countItems
      .filter((i) => i.location === code && i.sessionStartedAt === firstWindowSession.startedAt)
      .map((i) => [i.product, i.count]),
  );
  const usual = windowUsage(inventory, code);
  const byName = new Map(DEMO_PRODUCTS.map((p) => [p.name, p]));
  const lines: Line[] = inventory.locationProducts
    .filter((lp) => lp.location === code && lp.lifecycle === 'active' && lp.par > 0)
    .flatMap((lp) => {
      const product = byName.get(lp.product);
      if (!product) return [];
      const usagePerDay = usual.get(product.name) ?? lp.par * 0.05;
      return [{ product, par: lp.par, usagePerDay, level: lp.par * random.between(0.5, 0.9) }];
    });

  // Twice a week, the last one four days before the window's first count so its delivery is in by then.
  const countDays: string[] = [];
  for (
    let day = addDays(windowStart, -4);
    day > addDays(windowStart, -OLDER_DAYS);
    day = addDays(day, -random.int(3, 4))
  )
    countDays.unshift(day);
  const lastCountDay = countDays[countDays.length - 1];
  const manager = cafe.managers[index % cafe.managers.length] ?? cafe.districtManager;
  const deliveries = new Map<string, { line: Line; quantity: number }[]>();
  let sessionStartedAt = zonedInstant(countDays[0] ?? windowStart, 6 * 60, zone);
  let countNumber = 0;

  const isCountDay = new Set(countDays);
  for (let day = countDays[0] ?? windowStart; day < windowStart; day = addDays(day, 1)) {
    if (isCountDay.has(day)) {
      countNumber++;
      const counter = random.pick([...cafe.staff, ...cafe.managers]);
      let clock = zonedInstant(day, 6 * 60 + 30 + random.int(0, 60), zone).getTime();
      const counted: { line: Line; count: number }[] = [];
      for (const line of lines) {
        clock += random.int(6, 30) * 1000;
        const count = Math.round(line.level);
        line.level = count;
        if (day === lastCountDay && !leadsIntoWindow(line, count, firstWindowCounts.get(line.product.name)))
          continue;
        counted.push({ line, count });
        history.countItems.push({
          location: code,
          sessionStartedAt: sessionStartedAt.toISOString(),
          product: line.product.name,
          count,
          confirmedAt: new Date(clock).toISOString(),
          updatedBy: counter,
        } satisfies CountItemRow);
      }
      const completedAt = new Date(clock + random.int(2, 8) * 60_000);
      history.countCompletions.push({
        location: code,
        sessionStartedAt: sessionStartedAt.toISOString(),
        completedAt: completedAt.toISOString(),
        completedBy: manager,
        itemsCounted: counted.length,
      });
      const ordered = counted.flatMap(({ line, count }) => {
        const quantity = suggestOrderQuantity({
          par: line.par,
          count,
          confirmed: true,
          maximumStockQuantity: line.product.maximumStockQuantity,
        });
        return quantity ? [{ line, quantity }] : [];
      });
      const createdAt = new Date(completedAt.getTime() + random.int(15, 60) * 60_000);
      const number = formatOrderNumber(code, localDate(createdAt, zone), 1);
      const outcome = day === lastCountDay ? undefined : OLD_OUTCOMES[code]?.[countNumber];
      const monthsAgo =
        (Date.parse(`${windowStart}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / (30.4 * DAY);
      const { events, receivedAt } = orderTimeline(random, cafe, manager, createdAt, outcome, monthsAgo);
      const last = events[events.length - 1];
      history.orders.push({
        number,
        location: code,
        status: last?.toStatus ?? 'submitted',
        note: '',
        createdBy: manager,
        createdAt: createdAt.toISOString(),
        updatedAt: last?.createdAt ?? createdAt.toISOString(),
        version: events.length,
      });
      history.orderEvents.push(...events.map((event) => ({ ...event, order: number })));
      const drift = 1 - (PRICE_DRIFT * monthsAgo) / 4;
      for (const { line, quantity } of ordered)
        history.orderLines.push({
          order: number,
          product: line.product.name,
          quantity,
          unitCost: roundCents(line.product.unitCost * drift),
        });
      if (receivedAt) {
        const arrival = localDate(receivedAt, zone);
        deliveries.set(arrival, [...(deliveries.get(arrival) ?? []), ...ordered]);
      }
      history.countSessions.push({
        location: code,
        status: 'closed',
        startedAt: sessionStartedAt.toISOString(),
        startedBy: manager,
        closedAt: createdAt.toISOString(),
      });
      sessionStartedAt = createdAt;
    }
    for (const { line, quantity } of deliveries.get(day) ?? []) line.level += quantity;
    const today = dayOf(day, windowStart);
    for (const line of lines) {
      const used = line.usagePerDay * usageFactor(line.product, code, today) * random.between(0.6, 1.4);
      line.level = Math.max(0, line.level - used);
    }
  }
}

/**
 * Whether the last older count of a product makes a believable first interval for the window: the window's
 * first count was drawn before this history existed, so a product whose usage into it would be negative or
 * jump is left uncounted that morning (usage unknown, as the window showed it before).
 */
function leadsIntoWindow(line: Line, count: number, windowCount: number | undefined): boolean {
  if (windowCount === undefined) return true;
  const quantity =
    suggestOrderQuantity({
      par: line.par,
      count,
      confirmed: true,
      maximumStockQuantity: line.product.maximumStockQuantity,
    }) ?? 0;
  const usage = count + quantity - windowCount;
  return usage >= 0 && usage / 4 <= 1.8 * line.usagePerDay;
}

function orderTimeline(
  random: SeededRandom,
  cafe: CafeStaffing,
  manager: string,
  createdAt: Date,
  outcome: 'rejected' | 'cancelled' | undefined,
  monthsAgo: number,
) {
  const events: Omit<OrderEventRow, 'order'>[] = [
    {
      fromStatus: null,
      toStatus: 'submitted',
      actor: manager,
      comment: '',
      createdAt: createdAt.toISOString(),
    },
  ];
  let clock = createdAt.getTime();
  let status: OrderStatus = 'submitted';
  const step = (to: OrderStatus, actor: string, at: number, comment = '') => {
    events.push({ fromStatus: status, toStatus: to, actor, comment, createdAt: new Date(at).toISOString() });
    status = to;
    clock = at;
  };
  // Approvals took most of a day four months ago and a few hours by the window: the district manager caught up.
  const approvalHours = random.between(2, 9) + monthsAgo * random.between(1.5, 3);
  if (outcome === 'rejected') {
    step('rejected', cafe.districtManager, clock + approvalHours * 3_600_000, REJECTION);
    return { events, receivedAt: undefined };
  }
  step('approved', cafe.districtManager, clock + approvalHours * 3_600_000);
  if (outcome === 'cancelled') {
    step('cancelled', cafe.districtManager, clock + random.between(2, 6) * 3_600_000, CANCELLATION);
    return { events, receivedAt: undefined };
  }
  step('placed', cafe.purchaser, clock + random.between(1, 4) * 3_600_000);
  // Deliveries land on the morning two days after the order goes to the vendor.
  const deliveryDay = localDate(new Date(clock + 2 * DAY), cafe.timezone);
  const arrived = zonedInstant(deliveryDay, 8 * 60 + random.int(0, 180), cafe.timezone).getTime();
  step(
    'received',
    cafe.districtManager,
    arrived,
    random.chance(0.1) ? 'One case short; credit requested.' : '',
  );
  return { events, receivedAt: new Date(arrived) };
}

function nightlyCounts(history: OlderHistory, random: SeededRandom, now: Date, cafe: CafeStaffing) {
  const today = localDate(now, cafe.timezone);
  const closers = [...cafe.staff, ...cafe.managers];
  for (let daysAgo = WINDOW_NIGHTS + OLDER_DAYS; daysAgo > WINDOW_NIGHTS; daysAgo--) {
    const businessDate = addDays(today, -daysAgo);
    if (!random.chance(NIGHTLY_COUNT_DONE)) continue;
    addNightlyCount(history, random, cafe, businessDate, closers);
  }
}
