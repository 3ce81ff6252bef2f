import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';
import { formatOrderNumber, orderNumberPrefix } from '@engine/order-number.ts';
import { suggestOrderQuantity } from '@engine/suggest-order-quantity.ts';
import { type CafeSize, SIZE_PAR_FACTOR } from './demo-locations.ts';
import { DEMO_PRODUCTS, type DemoProduct } from './demo-products.ts';
import type {
  CountCompletionRow,
  CountItemRow,
  CountSessionRow,
  LocationProductRow,
  OrderEventRow,
  OrderLineRow,
  OrderRow,
  OrderStatus,
} from './demo-rows.ts';
import type { CafeStaffing } from './demo-staffing.ts';
import type { SeededRandom } from './seeded-random.ts';
import { addDays, localDate, zonedInstant } from './zoned-time.ts';

export interface InventoryHistory {
  locationProducts: LocationProductRow[];
  countSessions: CountSessionRow[];
  countItems: CountItemRow[];
  countCompletions: CountCompletionRow[];
  orders: OrderRow[];
  orderLines: OrderLineRow[];
  orderEvents: OrderEventRow[];
}

const HISTORY_DAYS = 28;
const SIZE_RANK: Record<CafeSize, number> = { small: 0, medium: 1, large: 2 };

// Seasonal lines: pumpkin is being sold through, pistachio launched last week, the holiday drip is gone.
const PHASING_OUT = new Set(['Pumpkin Spice Syrup', 'Pumpkin Spice Sauce', 'Pumpkin Loaf Slice']);
const LAUNCHED = new Set(['Pistachio Sauce', 'Pistachio Milk']);
const LAUNCHED_DAYS_AGO = 6;
const DISCONTINUED = new Set(['Seasonal Holiday Blend']);
const DISCONTINUED_DAYS_AGO = 10;

// District managers pin the PARs of the core lines at the busiest cafés.
const LOCKED_PRODUCTS = new Set([
  'House Espresso Blend',
  'House Drip Blend',
  'Whole Milk',
  'Oat Milk Barista Edition',
]);
const LOCKED_AT_CAFES = new Set(['DT-01', 'DT-02', 'NS-01']);
const BACKORDERED = { product: 'Ceremonial Matcha', cafes: new Set(['NS-01', 'NS-02']) };

// Coffee and dairy went up two weeks ago, so older order lines carry the lower price they were bought at.
const PRICE_RISE_DAYS_AGO = 14;
const PRICE_RISE_CATEGORIES = new Set(['Espresso & Coffee', 'Dairy & Alternatives']);
const PRICE_BEFORE_RISE = 0.96;

// Share of PAR used per day: perishables turn over between every count, paper and chemicals last weeks.
const FAST_MOVING = new Set(['Dairy & Alternatives', 'Bakery', 'Grab-and-Go Food']);
const STEADY_MOVING = new Set(['Espresso & Coffee', 'Cups & Lids']);
function dailyUsageShare(product: DemoProduct, random: SeededRandom): number {
  if (FAST_MOVING.has(product.category)) return random.between(0.14, 0.22);
  if (STEADY_MOVING.has(product.category)) return random.between(0.07, 0.15);
  return random.between(0.02, 0.07);
}

type Outcome =
  | 'normal'
  | 'awaiting_approval'
  | 'awaiting_placement'
  | 'rejected'
  | 'cancelled_after_approval'
  | 'withdrawn';

/** A few orders that did not go the usual way; 'last' is each café's most recent order. */
const SCRIPTED_OUTCOMES: Record<string, Record<string, Outcome>> = {
  'DT-02': { last: 'awaiting_approval' },
  'NS-03': { last: 'awaiting_approval' },
  'DT-03': { '2': 'rejected' },
  'NS-02': { '3': 'rejected' },
  'DT-01': { '4': 'cancelled_after_approval' },
  'NS-01': { '1': 'withdrawn', last: 'awaiting_placement' },
};

const ORDER_NOTES = [
  '',
  '',
  '',
  'Please deliver before 9 am; the loading dock closes at 10.',
  'Catering order for the law office on Friday, extra pastries included.',
  'Oat milk is moving fast this week.',
  'Back door delivery, please.',
];

interface StockLine {
  product: DemoProduct;
  lifecycle: Lifecycle;
  par: number;
  usagePerDay: number;
  /** What is physically on the shelf in the simulation; undefined before a product launches. */
  level: number | undefined;
  lastCount: number | undefined;
}

function lifecycleOf(name: string): Lifecycle {
  if (PHASING_OUT.has(name)) return 'phasing_out';
  if (LAUNCHED.has(name)) return 'new';
  if (DISCONTINUED.has(name)) return 'discontinued';
  return 'active';
}

function isCountedOn(line: StockLine, daysAgo: number): boolean {
  if (line.lifecycle === 'new') return daysAgo <= LAUNCHED_DAYS_AGO;
  if (line.lifecycle === 'discontinued') return daysAgo > DISCONTINUED_DAYS_AGO;
  return true;
}

// 'low' below a quarter of PAR is the threshold café managers in the demo act on; 'out' means none left.
function stockStatusOf(line: StockLine): StockStatus {
  if (line.lastCount === undefined) return 'in_stock';
  if (line.lastCount <= 0) return 'out';
  if (line.par > 0 && line.lastCount < line.par * 0.25) return 'low';
  return 'in_stock';
}

const roundCents = (value: number) => Math.round(value * 100) / 100;

/**
 * Simulates four weeks at each café: stock drains every day, a count every three or four days feeds the
 * requirements' suggestion rule, the order it produces is approved, placed and delivered (or not), and deliveries
 * refill the shelves. The counts, orders and PARs therefore agree with each other the way real ones do.
 */
export function buildInventoryHistory(now: Date, random: SeededRandom, cafes: readonly CafeStaffing[]) {
  const history: InventoryHistory = {
    locationProducts: [],
    countSessions: [],
    countItems: [],
    countCompletions: [],
    orders: [],
    orderLines: [],
    orderEvents: [],
  };
  cafes.forEach((cafe, index) => {
    simulateCafe(history, { now, random, cafe, index });
  });
  return history;
}

interface CafeContext {
  now: Date;
  random: SeededRandom;
  cafe: CafeStaffing;
  index: number;
}

function simulateCafe(history: InventoryHistory, { now, random, cafe, index }: CafeContext) {
  const { code, size } = cafe.location;
  const today = localDate(now, cafe.timezone);
  const at = (daysAgo: number, minutes: number) =>
    zonedInstant(addDays(today, -daysAgo), minutes, cafe.timezone);
  const daysAgoOf = (instant: Date) =>
    Math.round((Date.parse(today) - Date.parse(localDate(instant, cafe.timezone))) / 86_400_000);

  const stock: StockLine[] = DEMO_PRODUCTS.filter((p) => SIZE_RANK[p.smallestCafe] <= SIZE_RANK[size]).map(
    (product) => {
      const lifecycle = lifecycleOf(product.name);
      const usualPar = Math.max(
        1,
        Math.round(product.basePar * SIZE_PAR_FACTOR[size] * random.between(0.85, 1.2)),
      );
      const stillOrdered = lifecycle === 'active' || lifecycle === 'new';
      return {
        product,
        lifecycle,
        par: stillOrdered ? usualPar : 0,
        usagePerDay: usualPar * dailyUsageShare(product, random),
        level: lifecycle === 'new' ? undefined : usualPar * random.between(0.4, 0.8),
        lastCount: undefined,
      };
    },
  );

  // Counted every three or four days, the latest one to three days ago, so today's orders are at every stage.
  const countDays = new Set<number>();
  const lastCountDaysAgo = 1 + (index % 3);
  for (let daysAgo = lastCountDaysAgo; daysAgo < HISTORY_DAYS; daysAgo += random.int(3, 4))
    countDays.add(daysAgo);
  const firstCountDaysAgo = Math.max(...countDays);

  const deliveries = new Map<number, { line: StockLine; quantity: number }[]>();
  const manager = cafe.managers[index % cafe.managers.length] ?? cafe.districtManager;
  let sessionStartedAt = at(firstCountDaysAgo, 6 * 60);
  let sessionStartedBy = manager;
  let orderNumber = 0;
  const ordersOfDay = new Map<string, number>();

  for (let daysAgo = firstCountDaysAgo; daysAgo >= 0; daysAgo--) {
    if (daysAgo === LAUNCHED_DAYS_AGO) {
      for (const line of stock) if (line.lifecycle === 'new') line.level = line.par;
    }

    if (countDays.has(daysAgo)) {
      // Count first thing in the morning, then the manager completes it and orders what the rule suggests.
      const counter = random.pick([...cafe.staff, ...cafe.managers]);
      let clock = at(daysAgo, 6 * 60 + 30 + random.int(0, 60)).getTime();
      const counted = stock.filter((line) => line.level !== undefined && isCountedOn(line, daysAgo));
      for (const line of counted) {
        clock += random.int(6, 30) * 1000;
        const count = Math.round(line.level ?? 0);
        line.level = count;
        line.lastCount = count;
        history.countItems.push({
          location: code,
          sessionStartedAt: sessionStartedAt.toISOString(),
          product: line.product.name,
          count,
          confirmedAt: new Date(clock).toISOString(),
          updatedBy: counter,
        });
      }
      const completedAt = new Date(clock + random.int(2, 8) * 60_000);
      history.countCompletions.push({
        location: code,
        sessionStartedAt: sessionStartedAt.toISOString(),
        completedAt: completedAt.toISOString(),
        completedBy: manager,
        itemsCounted: counted.length,
      });

      const lines = counted.flatMap((line) => {
        const quantity = suggestOrderQuantity({
          par: line.par,
          count: line.lastCount ?? null,
          confirmed: true,
          maximumStockQuantity: line.product.maximumStockQuantity,
        });
        return quantity ? [{ line, quantity }] : [];
      });
      const createdAt = new Date(completedAt.getTime() + random.int(15, 60) * 60_000);
      ++orderNumber;
      // Numbered exactly as a submitted order is, so seeded and new orders read alike.
      const businessDate = localDate(createdAt, cafe.timezone);
      const prefix = orderNumberPrefix(code, businessDate);
      const sequence = (ordersOfDay.get(prefix) ?? 0) + 1;
      ordersOfDay.set(prefix, sequence);
      const number = formatOrderNumber(code, businessDate, sequence);
      const outcome =
        SCRIPTED_OUTCOMES[code]?.[daysAgo === lastCountDaysAgo ? 'last' : String(orderNumber)] ?? 'normal';
      const { status, events, receivedAt } = orderEvents({ now, random, cafe, manager, createdAt, outcome });
      const lastEvent = events[events.length - 1];
      history.orders.push({
        number,
        location: code,
        status,
        note: random.pick(ORDER_NOTES),
        createdBy: manager,
        createdAt: createdAt.toISOString(),
        updatedAt: lastEvent?.createdAt ?? createdAt.toISOString(),
        version: events.length,
      });
      history.orderEvents.push(...events.map((event) => ({ ...event, order: number })));
      for (const { line, quantity } of lines) {
        const beforeRise = daysAgo > PRICE_RISE_DAYS_AGO && PRICE_RISE_CATEGORIES.has(line.product.category);
        history.orderLines.push({
          order: number,
          product: line.product.name,
          quantity,
          unitCost: roundCents(line.product.unitCost * (beforeRise ? PRICE_BEFORE_RISE : 1)),
        });
      }
      if (receivedAt) {
        const day = daysAgoOf(receivedAt);
        deliveries.set(day, [...(deliveries.get(day) ?? []), ...lines]);
      }

      // Submitting the order starts the next count (decision 119), which closes this session.
      history.countSessions.push({
        location: code,
        status: 'closed',
        startedAt: sessionStartedAt.toISOString(),
        startedBy: sessionStartedBy,
        closedAt: createdAt.toISOString(),
      });
      sessionStartedAt = createdAt;
      sessionStartedBy = manager;
    }

    for (const { line, quantity } of deliveries.get(daysAgo) ?? []) line.level = (line.level ?? 0) + quantity;
    for (const line of stock) {
      if (line.level !== undefined)
        line.level = Math.max(0, line.level - line.usagePerDay * random.between(0.6, 1.4));
    }
  }

  // Today's session is open and empty: nobody has counted yet this cycle, so no completion is active.
  history.countSessions.push({
    location: code,
    status: 'open',
    startedAt: sessionStartedAt.toISOString(),
    startedBy: sessionStartedBy,
    closedAt: null,
  });

  const setUpAt = at(HISTORY_DAYS + 2, 9 * 60).toISOString();
  for (const line of stock) {
    const locked = LOCKED_AT_CAFES.has(code) && LOCKED_PRODUCTS.has(line.product.name);
    history.locationProducts.push({
      location: code,
      product: line.product.name,
      par: line.par,
      parLocked: locked,
      parLockedBy: locked ? cafe.districtManager : null,
      parLockedAt: locked ? at(20, 10 * 60 + random.int(0, 90)).toISOString() : null,
      lifecycle: line.lifecycle,
      stockStatus: stockStatusOf(line),
      backordered: line.product.name === BACKORDERED.product && BACKORDERED.cafes.has(code),
      updatedAt: setUpAt,
      updatedBy: manager,
    });
  }
}

interface OrderTimelineInput {
  now: Date;
  random: SeededRandom;
  cafe: CafeStaffing;
  manager: string;
  createdAt: Date;
  outcome: Outcome;
}

interface Step {
  to: OrderStatus;
  actor: string;
  at: Date;
  comment: string;
}

/** The order's transitions up to `now`: later steps have simply not happened yet. */
function orderEvents({ now, random, cafe, manager, createdAt, outcome }: OrderTimelineInput) {
  const steps: Step[] = [];
  let clock = createdAt;
  const add = (to: OrderStatus, actor: string, hoursLater: readonly [number, number], comment = '') => {
    clock = new Date(clock.getTime() + random.between(...hoursLater) * 3_600_000);
    steps.push({ to, actor, at: clock, comment });
  };
  const approve = () => add('approved', cafe.districtManager, [2, 9]);
  switch (outcome) {
    case 'awaiting_approval':
      break;
    case 'withdrawn':
      add('cancelled', manager, [0.3, 1.5], 'Sent before the count was finished; reordering.');
      break;
    case 'rejected':
      add(
        'rejected',
        cafe.districtManager,
        [2, 8],
        'Over this week’s budget. Trim syrups and retail, then resubmit.',
      );
      break;
    case 'awaiting_placement':
      approve();
      break;
    case 'cancelled_after_approval':
      approve();
      add(
        'cancelled',
        cafe.districtManager,
        [2, 6],
        'Vendor cancelled the delivery slot; rolled into the next order.',
      );
      break;
    case 'normal': {
      approve();
      add('placed', cafe.purchaser, [1, 4]);
      // Deliveries land on the morning two days after the order goes to the vendor.
      const deliveryDay = localDate(new Date(clock.getTime() + 2 * 86_400_000), cafe.timezone);
      const arrived = zonedInstant(deliveryDay, 8 * 60 + random.int(0, 180), cafe.timezone);
      const comment = random.chance(0.15) ? 'One case short; credit requested.' : '';
      steps.push({ to: 'received', actor: cafe.districtManager, at: arrived, comment });
      break;
    }
  }

  const events: Omit<OrderEventRow, 'order'>[] = [
    {
      fromStatus: null,
      toStatus: 'submitted',
      actor: manager,
      comment: '',
      createdAt: createdAt.toISOString(),
    },
  ];
  let status: OrderStatus = 'submitted';
  let receivedAt: Date | undefined;
  for (const step of steps) {
    if (step.at.getTime() >= now.getTime()) break;
    events.push({
      fromStatus: status,
      toStatus: step.to,
      actor: step.actor,
      comment: step.comment,
      createdAt: step.at.toISOString(),
    });
    status = step.to;
    if (step.to === 'received') receivedAt = step.at;
  }
  return { status, events, receivedAt };
}
