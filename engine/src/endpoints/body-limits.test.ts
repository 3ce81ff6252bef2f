import { describe, expect, test } from 'bun:test';
import { MAX_PRODUCT_CSV_CHARS } from '../admin-product-schemas.ts';
import { MAX_BATCH_ITEMS, MAX_COUNT } from '../counting-schemas.ts';
import { MAX_PAR } from '../par-import-rows.ts';
import {
  DEFAULT_BODY_LIMIT,
  describeBytes,
  IMPORT_BODY_LIMIT,
  WHOLE_LIST_BODY_LIMIT,
} from './body-limits.ts';
import { bodyLimitOf, type EndpointSpec, endpointKey, largestBodyLimit } from './endpoint.ts';
import { ALL_ENDPOINTS, endpointsByArea } from './index.ts';

/**
 * The largest request each batch route must accept: every list at its schema's maximum, every number and
 * text at its longest, text in 3-byte UTF-8 where a person types it. Each is checked against the route's
 * own schema (so it is a request the route would take) and must fit the route's declared body limit.
 */
const MAX_ID = 2_147_483_647;
const ids = (n: number) => Array.from({ length: n }, (_, i) => MAX_ID - i);
/** `n` characters of 3 bytes each in UTF-8 (a person's text in a non-Latin script). */
const wide = (n: number) => '€'.repeat(n);
const typedAt = '2025-03-01T14:05:00.123+14:00';
const countEdits = ids(MAX_BATCH_ITEMS).map((productId) => ({
  productId,
  count: MAX_COUNT - 0.25,
  confirmed: false,
  typedAt,
}));
const svgIcon = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(380)}</svg>`;

const { counting, ordering, admin, credentials } = endpointsByArea;
const LARGEST: [EndpointSpec, unknown][] = [
  [
    counting.updatePars,
    {
      locationId: MAX_ID,
      items: ids(MAX_BATCH_ITEMS).map((productId) => ({
        productId,
        par: MAX_PAR - 0.25,
        lifecycle: 'discontinued',
        stockStatus: 'in_stock',
        backordered: false,
      })),
    },
  ],
  [counting.saveCountItems, { locationId: MAX_ID, sessionId: MAX_ID, items: countEdits }],
  [counting.confirmCountItems, { locationId: MAX_ID, sessionId: MAX_ID, productIds: ids(MAX_BATCH_ITEMS) }],
  [counting.saveNightlyItems, { locationId: MAX_ID, date: '2025-03-01', items: countEdits }],
  [counting.changeParLocks, { scope: 'products', productIds: ids(5000), locked: true }],
  [ordering.saveCartItems, { items: ids(2000).map((productId) => ({ productId, quantity: 99_998.99 })) }],
  [ordering.saveCartNote, { note: wide(1000) }],
  [ordering.submitOrder, { locationId: MAX_ID, note: wide(1000) }],
  [
    ordering.editOrderLines,
    {
      expectedVersion: MAX_ID,
      lines: ids(2000).map((productId) => ({ productId, quantity: 99_998.99 })),
      comment: wide(1000),
    },
  ],
  [
    ordering.bulkApprove,
    {
      action: 'approve',
      orderIds: ids(100),
      expectedVersions: Object.fromEntries(ids(100).map((id) => [String(id), MAX_ID])),
    },
  ],
  [
    admin.reorderCategories,
    {
      categories: Array.from({ length: 1000 }, (_, i) => ({
        category: `${i}${wide(96)}`,
        rename: wide(100),
      })),
    },
  ],
  [
    admin.setTabDisplayOrder,
    {
      // More than twice the tabs the app has (21), each with the largest inline SVG icon.
      tabs: Array.from({ length: 50 }, (_, i) => ({
        id: i + 1,
        tabName: wide(60),
        icon: svgIcon,
        parentId: null,
        isVisible: true,
        displayOrder: i,
      })),
    },
  ],
  [
    admin.inviteUser,
    {
      email: `${'a'.repeat(60)}@${'b'.repeat(60)}.example.test`,
      firstName: wide(100),
      lastName: wide(100),
      role: 'staff',
      locationIds: ids(1000),
      districtIds: ids(1000),
    },
  ],
  [admin.importProducts, { csv: `name,category,unit\n${wide(MAX_PRODUCT_CSV_CHARS - 19)}`, dryRun: true }],
  [credentials.signIn, { email: `${'a'.repeat(64)}@${'b'.repeat(180)}.test`, password: wide(1024) }],
];

describe('body limits', () => {
  for (const [endpoint, body] of LARGEST) {
    test(`${endpointKey(endpoint)}: its largest valid request fits its limit`, () => {
      const parsed = endpoint.body?.safeParse(body);
      expect(parsed?.error?.issues ?? []).toEqual([]);
      const bytes = new TextEncoder().encode(JSON.stringify(body)).byteLength;
      expect(bytes).toBeLessThanOrEqual(bodyLimitOf(endpoint));
    });
  }

  test('a route without a declared limit reads the default', () => {
    expect(bodyLimitOf(counting.startCount)).toBe(DEFAULT_BODY_LIMIT);
  });

  test('only the product import reads more than a whole list', () => {
    const above = ALL_ENDPOINTS.filter(
      (endpoint) => endpoint.body && bodyLimitOf(endpoint) > WHOLE_LIST_BODY_LIMIT,
    );
    expect(above.map(endpointKey)).toEqual([endpointKey(admin.importProducts)]);
    expect(largestBodyLimit(ALL_ENDPOINTS)).toBe(IMPORT_BODY_LIMIT);
  });

  test('limits read as people write them', () => {
    expect(describeBytes(DEFAULT_BODY_LIMIT)).toBe('64 KB');
    expect(describeBytes(IMPORT_BODY_LIMIT)).toBe('8 MB');
    expect(describeBytes(1500)).toBe('1500 bytes');
  });
});
