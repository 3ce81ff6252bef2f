import type { GroupableProduct, SubcategoryGroup } from '@engine/subcategory-groups.ts';
import type { useCategorySteps } from '@web/features/operations/hooks/use-category-steps.ts';
import type { ReactNode } from 'react';
import { ProductList } from './product-list.tsx';

/**
 * A row's height in the scroll box as drawn (Count Inventory's rows on a tablet or a laptop, Set PARs' on a laptop):
 * an estimate that matches lets the first commit place the rows where they stay, so measuring them does not draw
 * the list again.
 */
const ROW_HEIGHT = 76;

/**
 * The products of the category on screen. Enter past its last item moves on to the next category, whose
 * list then focuses its first field.
 */
export function CategoryProductList<P extends GroupableProduct & { id: number }>({
  categoryName,
  groups,
  steps,
  renderRow,
}: {
  categoryName: string;
  groups: readonly SubcategoryGroup<P>[];
  steps: ReturnType<typeof useCategorySteps>;
  renderRow: (product: P, focusIndex: number) => ReactNode;
}) {
  return (
    <ProductList
      label={`Products in ${categoryName}`}
      groups={groups}
      estimateRowHeight={ROW_HEIGHT}
      autoFocusFirst={steps.focusFirst}
      onAutoFocused={steps.focused}
      onEndReached={steps.advanceFromEnd}
      focusProductId={steps.focusProduct}
      onProductFocused={steps.productFocused}
      renderRow={renderRow}
    />
  );
}
