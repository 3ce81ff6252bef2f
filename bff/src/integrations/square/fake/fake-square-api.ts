import type { FakeSquareCatalog, FakeSquareItem } from './demo-square-catalog.ts';
import { badRequest, notFound } from './square-error-body.ts';

/**
 * The part of Square's HTTP API Parstock uses, answered from a catalog in memory, with Square's field names,
 * page sizes and validation: ListLocations, ListCatalog, SearchCatalogObjects and
 * BatchRetrieveInventoryCounts (POST /v2/inventory/counts/batch-retrieve and its older path).
 */

// Square pages ListCatalog by 100 and BatchRetrieveInventoryCounts by 100 unless `limit` (1–1000) says otherwise.
const CATALOG_PAGE = 100;
const COUNTS_DEFAULT_PAGE = 100;
const COUNTS_MAX_PAGE = 1000;
const SEARCH_MAX_PAGE = 1000;

const encodeCursor = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');

function decodeCursor(cursor: unknown): number | Response {
  if (cursor === undefined || cursor === null || cursor === '') return 0;
  const text = Buffer.from(String(cursor), 'base64url').toString();
  const match = /^offset:(\d+)$/.exec(text);
  return match
    ? Number(match[1])
    : badRequest('INVALID_CURSOR', 'The pagination cursor is not valid.', 'cursor');
}

function page<T>(rows: readonly T[], offset: number, size: number) {
  const slice = rows.slice(offset, offset + size);
  const next = offset + size < rows.length ? encodeCursor(offset + size) : undefined;
  return { slice, next };
}

const STAMP = '2026-01-01T00:00:00.000Z';

function itemObject(item: FakeSquareItem) {
  return {
    type: 'ITEM',
    id: item.id,
    version: 1,
    is_deleted: false,
    present_at_all_locations: true,
    updated_at: STAMP,
    item_data: {
      name: item.name,
      variations: item.variations.map((variation, ordinal) => ({
        type: 'ITEM_VARIATION',
        id: variation.id,
        version: 1,
        is_deleted: false,
        present_at_all_locations: true,
        updated_at: STAMP,
        item_variation_data: {
          item_id: item.id,
          name: variation.name,
          ...(variation.sku ? { sku: variation.sku } : {}),
          ordinal,
          pricing_type: 'VARIABLE_PRICING',
          track_inventory: true,
        },
      })),
    },
  };
}

async function jsonBody(request: Request): Promise<Record<string, unknown> | Response> {
  try {
    const body = (await request.json()) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  } catch {}
  return badRequest('INVALID_CONTENT_TYPE', 'The request body must be a JSON object.');
}

function pageSize(value: unknown, fallback: number, max: number): number | Response {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    return badRequest('INVALID_VALUE', '`limit` must be a whole number of at least 1.', 'limit');
  }
  if (value > max) return badRequest('VALUE_TOO_HIGH', `\`limit\` must be at most ${max}.`, 'limit');
  return value;
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) ? value.map(String) : null;
}

export async function answerSquareApi(request: Request, catalog: FakeSquareCatalog): Promise<Response> {
  const url = new URL(request.url);
  const route = `${request.method} ${url.pathname.replace(/\/$/, '')}`;

  if (route === 'GET /v2/locations') {
    return Response.json({
      locations: catalog.locations.map((location) => ({
        id: location.id,
        name: location.name,
        business_name: 'Parstock Demo Coffee Co.',
        timezone: location.timezone,
        status: 'ACTIVE',
        country: 'US',
        currency: 'USD',
        capabilities: [],
      })),
    });
  }

  if (route === 'GET /v2/catalog/list') {
    const types = (url.searchParams.get('types') ?? 'ITEM').split(',').map((t) => t.trim().toUpperCase());
    const offset = decodeCursor(url.searchParams.get('cursor'));
    if (offset instanceof Response) return offset;
    const rows = types.includes('ITEM') ? catalog.items : [];
    const { slice, next } = page(rows, offset, CATALOG_PAGE);
    return Response.json({ objects: slice.map(itemObject), ...(next ? { cursor: next } : {}) });
  }

  if (route === 'POST /v2/catalog/search') {
    const body = await jsonBody(request);
    if (body instanceof Response) return body;
    const types = stringList(body.object_types) ?? ['ITEM'];
    const size = pageSize(body.limit, CATALOG_PAGE, SEARCH_MAX_PAGE);
    if (size instanceof Response) return size;
    const offset = decodeCursor(body.cursor);
    if (offset instanceof Response) return offset;
    const rows = types.includes('ITEM') ? catalog.items : [];
    const { slice, next } = page(rows, offset, size);
    return Response.json({
      objects: slice.map(itemObject),
      latest_time: STAMP,
      ...(next ? { cursor: next } : {}),
    });
  }

  if (
    route === 'POST /v2/inventory/counts/batch-retrieve' ||
    route === 'POST /v2/inventory/batch-retrieve-counts'
  ) {
    const body = await jsonBody(request);
    if (body instanceof Response) return body;
    const size = pageSize(body.limit, COUNTS_DEFAULT_PAGE, COUNTS_MAX_PAGE);
    if (size instanceof Response) return size;
    const offset = decodeCursor(body.cursor);
    if (offset instanceof Response) return offset;
    const ids = stringList(body.catalog_object_ids);
    const locationIds = stringList(body.location_ids);
    const states = stringList(body.states);
    if (states && !states.includes('IN_STOCK')) return Response.json({ counts: [] });
    const rows = catalog.counts.filter(
      (count) =>
        (!ids || ids.includes(count.variationId)) && (!locationIds || locationIds.includes(count.locationId)),
    );
    const { slice, next } = page(rows, offset, size);
    return Response.json({
      counts: slice.map((count) => ({
        catalog_object_id: count.variationId,
        catalog_object_type: 'ITEM_VARIATION',
        state: 'IN_STOCK',
        location_id: count.locationId,
        quantity: count.quantity,
        calculated_at: STAMP,
      })),
      ...(next ? { cursor: next } : {}),
    });
  }

  return notFound(`No such Square API path: ${request.method} ${url.pathname}.`);
}
