import type { CategoryOrderEntry, Product } from '@engine/api-schemas.ts';
import { operationCategories } from '@engine/category-order.ts';
import type { OperationKey } from '@engine/operations.ts';
import { groupBySubcategory } from '@engine/subcategory-groups.ts';
import type { CategoryStepper } from '@web/features/operations/components/operation-frame.tsx';
import { useMemo } from 'react';
import { useCategorySteps } from './use-category-steps.ts';

type StepProduct = Pick<Product, 'name' | 'cafeOrderCategory' | 'orderSubcategory' | 'isDailyCount'>;

/**
 * An operation's categories of `products` in the configured order, the one on screen (stepped with
 * `steps`), and that category's products in their subcategory groups.
 */
export function useOperationCategories<P extends StepProduct>(
  operation: OperationKey,
  products: readonly P[] | undefined,
  categoryOrder: readonly CategoryOrderEntry[] | undefined,
) {
  const categories = useMemo(
    () => operationCategories(operation, products ?? [], categoryOrder ?? []),
    [operation, products, categoryOrder],
  );
  const names = useMemo(() => categories.map((one) => one.name), [categories]);
  const steps = useCategorySteps(names, operation);
  const category = categories[steps.current];
  const groups = useMemo(
    () => (category ? groupBySubcategory(category.products, categoryOrder ?? []) : []),
    [category, categoryOrder],
  );
  /** The progress bar over these categories; `percent` shows while there is at most one. */
  const stepper = (percent: number, percentLabel: string): CategoryStepper => ({
    names,
    current: steps.current,
    onChange: steps.go,
    percent,
    percentLabel,
  });
  return { categories, category, groups, steps, stepper };
}
