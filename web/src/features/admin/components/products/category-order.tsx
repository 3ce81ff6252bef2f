import type { AdminCategory } from '@engine/admin-category-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useAdminCategories } from '@web/features/admin/api/admin-categories.ts';
import { useSaveCategories } from '@web/features/admin/api/save-categories.ts';
import { MoveButtons } from '@web/features/admin/components/common/move-buttons.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useMoveFocus } from '@web/features/admin/hooks/use-move-focus.ts';
import { moveItem, sameOrder } from '@web/features/admin/list-order.ts';
import { useEffect, useState } from 'react';

/**
 * The order categories appear in on every count screen and list. Moves are local until saved; the whole
 * order is saved at once.
 */
export function CategoryOrder() {
  const categories = useAdminCategories();
  const save = useSaveCategories();
  const [order, setOrder] = useState<AdminCategory[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const { container, remember } = useMoveFocus<HTMLOListElement>();

  useEffect(() => {
    if (categories.data) setOrder(categories.data);
  }, [categories.data]);

  const saved = (categories.data ?? []).map((c) => c.category);
  const dirty = !sameOrder(
    saved,
    order.map((c) => c.category),
  );

  function move(index: number, direction: -1 | 1) {
    const item = order[index];
    if (!item) return;
    const next = moveItem(order, index, direction);
    remember(item.category, direction);
    setOrder(next);
    setAnnouncement(`${item.category} moved to position ${next.indexOf(item) + 1} of ${next.length}.`);
  }

  function submit() {
    save.mutate(
      { categories: order.map((c) => ({ category: c.category })) },
      {
        onSuccess: () =>
          toast({ title: 'Category order saved', description: 'Count screens use it from now on.' }),
      },
    );
  }

  return (
    <SectionCard
      title="Category order"
      description="The order categories follow on Set PARs, counts and the shopping list."
      actions={
        <>
          <Button
            variant="outline"
            disabled={!dirty || save.isPending}
            onClick={() => categories.data && setOrder(categories.data)}
          >
            Discard
          </Button>
          <Button disabled={!dirty || save.isPending} onClick={submit}>
            Save order
          </Button>
        </>
      }
    >
      <QueryState query={categories} label="categories" />
      {categories.data ? (
        <>
          <ol ref={container} aria-label="Categories in display order" className="flex flex-col gap-1.5">
            {order.map((category, index) => (
              <li
                key={category.category}
                className="flex items-center gap-3 rounded-[var(--ui-input-radius,var(--radius))] border bg-background py-1 pr-1 pl-3"
              >
                <span className="w-6 shrink-0 text-right font-mono text-xs text-muted-foreground">
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{category.category}</span>
                  <span className="block text-xs text-muted-foreground">
                    {category.productCount} product{category.productCount === 1 ? '' : 's'}
                  </span>
                </span>
                <MoveButtons
                  name={category.category}
                  moveKey={category.category}
                  canMoveUp={index > 0}
                  canMoveDown={index < order.length - 1}
                  onMove={(direction) => move(index, direction)}
                />
              </li>
            ))}
          </ol>
          <p role="status" className="sr-only">
            {announcement}
          </p>
          <div className="mt-3">
            <MutationError error={save.error} />
          </div>
        </>
      ) : null}
    </SectionCard>
  );
}
