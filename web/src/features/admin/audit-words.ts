import { AUDIT_MAPS_KEYED_BY_PRODUCT } from '@engine/admin-audit-log-schemas.ts';

/**
 * The audit log's codes in a person's words: the record types the server writes (`location_product`) and the field
 * paths of a before/after (`tabs[navigator].isVisible`). The codes stay the values of the filters and the keys.
 */

const ENTITY_WORDS: Readonly<Record<string, string>> = {
  cart: 'shopping list',
  category: 'categories',
  count_completion: 'count completion',
  count_session: 'count',
  location: 'café',
  location_product: 'product at a café',
  nightly_count: 'nightly count',
  square_sync: 'Square sync',
  tab_display_order: 'tabs',
  task_completion: 'task tick',
  user: 'person',
};

/** "location_product" → "product at a café"; a type not listed reads as its code with spaces. */
export function describeEntity(entity: string): string {
  return ENTITY_WORDS[entity] ?? entity.replace(/_/g, ' ');
}

/** The same, starting with a capital, for a list of choices. */
export function entityChoice(entity: string): string {
  const words = describeEntity(entity);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** "unitCost" → "unit cost"; a word already in capitals (SKU, PAR) keeps them. */
function words(key: string): string {
  return key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map((word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()))
    .join(' ');
}

/**
 * "unitCost" → "Unit cost"; "tabs[navigator].isVisible" → "Tabs: navigator › is visible". The part in brackets
 * names one of a list's records (a key, a category, an id) and is kept as written. A product id under a map keyed
 * by product reads as the product's name when `productName` knows it ("Items › Oat Milk › count").
 */
export function describeField(path: string, productName?: (id: number) => string | undefined): string {
  const segments = path.split('.');
  const text = segments
    .map((segment, index) => {
      const match = /^([^[]*)\[(.*)\]$/.exec(segment);
      if (match) return `${words(match[1] ?? '')}: ${match[2]}`;
      const keyedBy = segments[index - 1];
      if (/^\d+$/.test(segment) && keyedBy && AUDIT_MAPS_KEYED_BY_PRODUCT.has(keyedBy)) {
        return productName?.(Number(segment)) ?? segment;
      }
      return words(segment);
    })
    .join(' › ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
