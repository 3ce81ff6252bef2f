import { orderingEndpoints as api } from '@engine/endpoints/ordering-endpoints.ts';
import { endpointUrl } from '@web/lib/api-client.ts';
import { type OrderFilters, orderFiltersQuery } from '@web/lib/orders/order-queries.ts';

/** The CSV download of the orders the filters list (all of them, not one page). */
export const ordersExportUrl = (filters: OrderFilters) =>
  endpointUrl(api.exportOrders, { query: orderFiltersQuery({ ...filters, limit: null }) });
