import { countCompletedLabel } from '@engine/cafe-time-labels.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import type { ParLockCategory } from '@web/features/par-lock/group-par-locks.ts';
import { formatQuantity } from '@web/lib/display-format.ts';
import { Loader2, Lock, LockOpen } from 'lucide-react';
import { memo } from 'react';

/** A target of a lock change, so the button that started it can show the progress. */
export type LockTarget =
  | { kind: 'product'; productId: number }
  | { kind: 'category'; category: string }
  | { kind: 'all' };

export function sameTarget(a: LockTarget | null, b: LockTarget): boolean {
  if (!a || a.kind !== b.kind) return false;
  if (a.kind === 'product' && b.kind === 'product') return a.productId === b.productId;
  if (a.kind === 'category' && b.kind === 'category') return a.category === b.category;
  return true;
}

export function ParLockCategoryCard({
  group,
  totalInCategory,
  busy,
  onChange,
  now,
  timeZone,
}: {
  group: ParLockCategory;
  /** Products of the category before the search, so the category buttons say what they cover. */
  totalInCategory: number;
  busy: LockTarget | null;
  onChange: (target: LockTarget, locked: boolean) => void;
  now: Date;
  /** The café's zone: a lock's time reads as Set PARs tells it, on the café's clock (decision 007). */
  timeZone: string | undefined;
}) {
  const headingId = `par-lock-${group.category.replace(/\W+/g, '-').toLowerCase()}`;
  const categoryTarget: LockTarget = { kind: 'category', category: group.category };
  const categoryBusy = sameTarget(busy, categoryTarget);
  return (
    <Card className="gap-0 overflow-hidden py-0" role="region" aria-labelledby={headingId}>
      <div className="flex flex-col gap-2 border-border border-b bg-muted/50 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="font-semibold text-base">
          {group.category}
          {/* Heard as "Espresso & Coffee, 2 of 19 locked", not run together into one word. */}
          <span className="sr-only">, </span>
          <span className="ml-2 whitespace-nowrap font-normal text-muted-foreground text-sm">
            {group.lockedCount} of {group.products.length} locked
          </span>
        </h2>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            className="min-h-11 flex-1 aria-disabled:opacity-50 sm:min-h-9 sm:flex-none"
            // Marked, not disabled: a disabled button loses the focus, and the next Tab would start at the top.
            aria-disabled={busy !== null || undefined}
            title={`Locks all ${totalInCategory} PARs in ${group.category}, also those the search hides`}
            onClick={() => onChange(categoryTarget, true)}
          >
            {categoryBusy ? <Loader2 aria-hidden className="animate-spin" /> : <Lock aria-hidden />}
            <CategoryActionLabel verb="Lock" category={group.category} />
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11 flex-1 aria-disabled:opacity-50 sm:min-h-9 sm:flex-none"
            aria-disabled={busy !== null || undefined}
            title={`Unlocks all ${totalInCategory} PARs in ${group.category}, also those the search hides`}
            onClick={() => onChange(categoryTarget, false)}
          >
            <LockOpen aria-hidden />
            <CategoryActionLabel verb="Unlock" category={group.category} />
          </Button>
        </div>
      </div>
      {/* While a change is under way every row's button looks unavailable, by the list's state rather than each row's:
          a row then redraws only for its own product (a click meanwhile is ignored by the screen). */}
      <ul className="group divide-y divide-border" aria-busy={busy !== null || undefined}>
        {group.products.map((product) => (
          <ParLockRow
            key={product.productId}
            product={product}
            rowBusy={sameTarget(busy, { kind: 'product', productId: product.productId })}
            onChange={onChange}
            now={now}
            timeZone={timeZone}
          />
        ))}
      </ul>
    </Card>
  );
}

/**
 * One product's lock. Drawn again only when its own product, its busy state or the minute changes: a café with
 * thousands of products redrew every row when one was locked.
 */
const ParLockRow = memo(function ParLockRow({
  product,
  rowBusy,
  onChange,
  now,
  timeZone,
}: {
  product: ParLockCategory['products'][number];
  rowBusy: boolean;
  onChange: (target: LockTarget, locked: boolean) => void;
  now: Date;
  timeZone: string | undefined;
}) {
  return (
    <li
      key={product.productId}
      data-testid="par-lock-row"
      data-locked={product.locked || undefined}
      className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_5rem_minmax(0,18rem)_7.5rem]"
    >
      <div className="min-w-0">
        <p className="font-medium text-foreground">{product.productName}</p>
        <p className="text-muted-foreground text-xs">
          {product.subcategory ?? 'No subcategory'}
          {product.lifecycle !== 'active' ? ` · ${product.lifecycle.replace('_', ' ')}` : ''}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:contents">
        <p className="text-sm tabular-nums sm:text-right">
          <span className="text-muted-foreground">PAR </span>
          <span className="font-semibold">{formatQuantity(product.par)}</span>
        </p>
        <div className="min-w-0 text-xs">
          {product.locked ? (
            <p className="flex min-w-0 flex-wrap items-center gap-x-1.5">
              <Badge variant="outline" className="border-primary/30 bg-primary/10 text-blue-800">
                <Lock aria-hidden />
                Locked
              </Badge>
              <span className="truncate text-muted-foreground">
                {product.lockedBy?.name ?? 'Someone'}
                {product.lockedAt ? ` · ${countCompletedLabel(product.lockedAt, now, timeZone) ?? ''}` : ''}
              </span>
            </p>
          ) : (
            <p className="text-muted-foreground">Unlocked</p>
          )}
        </div>
      </div>
      <Button
        variant={product.locked ? 'outline' : 'secondary'}
        size="sm"
        className="col-start-2 row-span-2 row-start-1 min-h-11 w-24 group-aria-busy:opacity-50 sm:col-start-auto sm:row-span-1 sm:row-start-auto sm:min-h-9 sm:w-28 sm:justify-self-end"
        aria-label={`${product.locked ? 'Unlock' : 'Lock'} PAR of ${product.productName}`}
        onClick={() => onChange({ kind: 'product', productId: product.productId }, !product.locked)}
      >
        {rowBusy ? (
          <Loader2 aria-hidden className="animate-spin" />
        ) : product.locked ? (
          <LockOpen aria-hidden />
        ) : (
          <Lock aria-hidden />
        )}
        {product.locked ? 'Unlock' : 'Lock'}
      </Button>
    </li>
  );
});

/**
 * "Lock category" and "Unlock category" side by side are wider than a 360 px phone's card: there the buttons say
 * "Lock all" and "Unlock all", under the category's own heading. Each name holds the words on the button, then
 * the category (a speech-input user says what they see).
 */
function CategoryActionLabel({ verb, category }: { verb: 'Lock' | 'Unlock'; category: string }) {
  return (
    <>
      <span className="sm:hidden">{verb} all</span>
      <span className="hidden sm:inline">{verb} category</span>
      <span className="sr-only"> {category}</span>
    </>
  );
}
