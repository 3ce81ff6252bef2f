/**
 * Rows of demo history before they reach the database. They refer to each other by natural keys
 * (location code, product name, user email, session start, order number) so the inserts can resolve ids
 * with joins and nothing has to guess which identity value PostgreSQL will hand out.
 */
import type { Lifecycle, StockStatus } from '@engine/api-schemas.ts';

export interface LocationProductRow {
  location: string;
  product: string;
  par: number;
  parLocked: boolean;
  parLockedBy: string | null;
  parLockedAt: string | null;
  lifecycle: Lifecycle;
  stockStatus: StockStatus;
  backordered: boolean;
  updatedAt: string;
  updatedBy: string;
}

export interface CountSessionRow {
  location: string;
  status: 'open' | 'closed';
  startedAt: string;
  startedBy: string;
  closedAt: string | null;
}

export interface CountItemRow {
  location: string;
  sessionStartedAt: string;
  product: string;
  count: number;
  confirmedAt: string;
  updatedBy: string;
}

export interface CountCompletionRow {
  location: string;
  sessionStartedAt: string;
  completedAt: string;
  completedBy: string;
  itemsCounted: number;
}

export type OrderStatus = 'submitted' | 'approved' | 'rejected' | 'placed' | 'received' | 'cancelled';

export interface OrderRow {
  number: string;
  location: string;
  status: OrderStatus;
  note: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface OrderLineRow {
  order: string;
  product: string;
  quantity: number;
  unitCost: number;
}

export interface OrderEventRow {
  order: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: string;
  comment: string;
  createdAt: string;
}

export interface NightlyCountRow {
  location: string;
  businessDate: string;
  createdAt: string;
  createdBy: string;
  completedAt: string;
}

export interface NightlyCountItemRow {
  location: string;
  businessDate: string;
  product: string;
  count: number;
  /** What Square said was on hand when the count was saved. */
  squareQuantity: number;
  updatedAt: string;
  updatedBy: string;
}

export interface TaskCompletionRow {
  task: string;
  location: string;
  businessDate: string;
  completedBy: string;
  completedAt: string;
  /** Completed after its business date had ended (a manager catching up). */
  late: boolean;
  note: string | null;
}
