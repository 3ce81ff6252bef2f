import type { AuthUser, Product } from '@engine/api-schemas.ts';

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
