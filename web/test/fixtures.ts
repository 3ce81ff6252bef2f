import type { AdminLocation } from '@engine/admin-location-schemas.ts';
import type { AuthUser, Product } from '@engine/api-schemas.ts';
import type { OrderDetail } from '@engine/order-schemas.ts';
import type { AdminUser } from '@engine/user-admin-schemas.ts';

export const signedInManager: AuthUser = {
  id: 3,
  email: 'manager@parstock.test',
  firstName: 'Maya',
  lastName: 'Lopez',
  role: 'cafe_manager',
  profileImageUrl: null,
  mustChangePassword: false,
  claims: {
    sub: '3',
    email: 'manager@parstock.test',
    first_name: 'Maya',
    last_name: 'Lopez',
    profileImageUrl: null,
  },
};

/** A product of the Dairy category as the catalogue answers it, for row tests. */
export function dairyProduct(id: number, name: string, overrides: Partial<Product> = {}): Product {
  return {
    id,
    name,
    sku: null,
    unit: 'each',
    cafeOrderCategory: 'Dairy',
    orderSubcategory: null,
    maximumStockQuantity: null,
    unitCost: 1,
    vendor: null,
    isDailyCount: false,
    barcode: null,
    ...overrides,
  };
}

/** A submitted one-line order at Market Hall as the server answers it; `overrides` make it another. */
export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: 41,
    number: 'DT-02-20261121-0001',
    location: { id: 2, name: 'Market Hall Coffee Bar', code: 'DT-02', timezone: 'America/New_York' },
    status: 'submitted',
    note: '',
    createdAt: '2026-11-21T14:00:00.000Z',
    createdBy: { id: 3, name: 'Priya Raman' },
    updatedAt: '2026-11-21T14:00:00.000Z',
    version: 1,
    lineCount: 1,
    receivedLineCount: 0,
    notAsOrderedLineCount: 0,
    total: 7.5,
    lines: [
      {
        productId: 12,
        productName: 'Oat Milk',
        category: 'Dairy',
        subcategory: null,
        unit: 'each',
        sku: null,
        vendor: null,
        quantity: 3,
        unitCost: 2.5,
        lineTotal: 7.5,
        receivedAt: null,
        receivedQuantity: null,
        receiptId: null,
      },
    ],
    events: [],
    ...overrides,
  };
}

/** A person as Admin → Users lists them: staff, active, placed nowhere unless `change` says otherwise. */
export function adminUser(
  id: number,
  firstName: string,
  lastName: string,
  change: Partial<AdminUser> = {},
): AdminUser {
  return {
    id,
    email: `${firstName}.${lastName}@parstock.test`.toLowerCase(),
    firstName,
    lastName,
    role: 'staff',
    active: true,
    mustChangePassword: false,
    locationCodes: [],
    districtNames: [],
    locationIds: [],
    districtIds: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    lastLoginAt: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...change,
  };
}

/** An open café as the admin screens read it, in "District N". */
export function adminLocation(id: number, name: string, code: string, districtId: number): AdminLocation {
  return {
    id,
    name,
    code,
    districtId,
    districtName: `District ${districtId}`,
    timezone: 'America/New_York',
    squareLocationId: null,
    active: true,
    closedOn: null,
    closedSpells: [],
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}
