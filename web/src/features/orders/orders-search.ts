/** The /orders search: `?order=ID` opens that order's detail over the list, so an order can be linked to. */
export interface OrdersSearch {
  order?: number;
}

export function parseOrdersSearch(search: Record<string, unknown>): OrdersSearch {
  const raw = search.order;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
  return Number.isInteger(value) && value > 0 ? { order: value } : {};
}
