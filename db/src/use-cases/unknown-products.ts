import type { Db } from '@db/client.ts';
import { productNames } from '@db/repositories/inventory-management.ts';
import { AppError } from '@engine/errors/app-error.ts';

/** "A", "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What a refused product is, for a person: retired ones by name (decision 123), made-up ids as such. */
export interface UnknownProducts {
  message: string;
  /** Per product, without its name, which the screen puts before it: "Plain Greek Yogurt: no longer sold…". */
  reasonOf: (productId: number) => string;
}

/**
 * Products a write named that are not sold: an administrator retired them (the list on the screen is older), or
 * they never existed (a made-up request). The message names the retired ones, as the screen knows them.
 */
export async function describeUnknownProducts(
  db: Db,
  productIds: readonly number[],
): Promise<UnknownProducts> {
  const names = await productNames(db, productIds);
  const retired = productIds.filter((id) => names.has(id));
  const missing = productIds.filter((id) => !names.has(id));
  const parts = [
    retired.length > 0
      ? `${listNames(retired.map((id) => names.get(id) ?? ''))} ${retired.length === 1 ? 'is' : 'are'} no longer sold (retired by an administrator)`
      : '',
    missing.length > 0
      ? `${retired.length > 0 ? 'product' : 'Product'} ${missing.join(', ')} ${missing.length === 1 ? 'does' : 'do'} not exist`
      : '',
  ].filter(Boolean);
  return {
    message: `${parts.join('; ')}; nothing was saved.`,
    reasonOf: (productId) =>
      names.has(productId) ? 'no longer sold (retired by an administrator)' : 'no such product',
  };
}

/** The refusal itself, a 400 whose message names what was refused. */
export async function unknownProductsRefusal(db: Db, productIds: readonly number[]): Promise<AppError> {
  return AppError.validation((await describeUnknownProducts(db, productIds)).message);
}
