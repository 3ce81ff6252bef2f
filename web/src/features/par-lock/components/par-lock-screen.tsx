import type { Location } from '@engine/api-schemas.ts';
import type { ParLockChangeBody } from '@engine/par-lock-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useChangeParLocks } from '@web/features/par-lock/api/change-par-locks.ts';
import { useParLocks } from '@web/features/par-lock/api/par-locks.ts';
import { groupParLocks } from '@web/features/par-lock/group-par-locks.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { plural } from '@web/lib/display-format.ts';
import { useClock } from '@web/lib/use-clock.ts';
import { useLatestCallback } from '@web/lib/use-latest-callback.ts';
import { Lock, LockOpen, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type LockTarget, ParLockCategoryCard } from './par-lock-category-card.tsx';

function bodyFor(target: LockTarget, locked: boolean): ParLockChangeBody {
  if (target.kind === 'product') return { scope: 'products', productIds: [target.productId], locked };
  if (target.kind === 'category') return { scope: 'category', category: target.category, locked };
  return { scope: 'all', locked };
}

/** Par Lock (product.md): lock or unlock the PARs of one café by product, by category or all at once. */
export function ParLockScreen({ location }: { location: Location }) {
  const locks = useParLocks(location.id);
  const now = useClock();
  const change = useChangeParLocks(location.id);
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState<LockTarget | null>(null);
  const [confirmAll, setConfirmAll] = useState<boolean | null>(null);
  const products = locks.data?.products ?? [];
  const groups = useMemo(() => groupParLocks(products, search), [products, search]);
  const categorySizes = useMemo(() => {
    const sizes = new Map<string, number>();
    for (const product of products) sizes.set(product.category, (sizes.get(product.category) ?? 0) + 1);
    return sizes;
  }, [products]);

  // One handler for the screen's life, so the rows that did not change skip redrawing.
  const apply = useLatestCallback((target: LockTarget, locked: boolean) => {
    // The buttons stay focusable while a change is under way (aria-disabled); one change at a time.
    if (busy !== null) return;
    setBusy(target);
    change.mutate(bodyFor(target, locked), {
      onSuccess: ({ changed }) => {
        const what =
          target.kind === 'product'
            ? (products.find((product) => product.productId === target.productId)?.productName ?? 'The PAR')
            : target.kind === 'category'
              ? `${plural(changed, 'PAR')} in ${target.category}`
              : plural(changed, 'PAR');
        toast({
          title:
            changed === 0
              ? `Nothing changed: already ${locked ? 'locked' : 'unlocked'}`
              : `${what} ${locked ? 'locked' : 'unlocked'}`,
        });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The lock did not change',
          description: errorMessageForPerson(error, 'Try again in a moment.'),
        }),
      onSettled: () => setBusy(null),
    });
  });

  const header = (
    <div className="mb-6 flex flex-col gap-1 sm:mb-8">
      <p className="font-medium text-muted-foreground text-sm">
        {location.name} · {location.code}
      </p>
      <h1 className="text-2xl text-foreground tracking-tight sm:text-[1.75rem]">Par Lock</h1>
      <p className="max-w-2xl text-pretty text-muted-foreground">
        A locked PAR can be changed only by someone who manages PAR locks.
      </p>
    </div>
  );

  if (locks.isPending) {
    return (
      <>
        {header}
        <div className="flex justify-center py-16">
          <Spinner label="Loading PAR locks" />
        </div>
      </>
    );
  }
  if (locks.isError) {
    return (
      <>
        {header}
        <ReadFailed title="PAR locks could not load" error={locks.error} onRetry={locks.refetch} />
      </>
    );
  }

  return (
    <>
      {header}
      <div className="mb-5 flex flex-col gap-3 rounded-[var(--ui-card-radius,var(--radius))] border border-border bg-card p-3 shadow-xs sm:flex-row sm:items-center sm:justify-between sm:p-4">
        <div className="relative sm:w-80">
          <Search
            aria-hidden
            className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search products"
            placeholder="Search products"
            className="pl-9"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <p className="mr-2 text-muted-foreground text-sm" aria-live="polite" data-testid="locked-count">
            <span className="font-semibold text-foreground">{locks.data.lockedCount}</span> of{' '}
            {plural(products.length, 'PAR')} locked
          </p>
          <Button
            className="min-h-11 flex-1 sm:min-h-10 sm:flex-none"
            disabled={busy !== null}
            onClick={() => setConfirmAll(true)}
          >
            <Lock aria-hidden />
            Lock all PARs
          </Button>
          <Button
            variant="outline"
            className="min-h-11 flex-1 sm:min-h-10 sm:flex-none"
            disabled={busy !== null}
            onClick={() => setConfirmAll(false)}
          >
            <LockOpen aria-hidden />
            Unlock all PARs
          </Button>
        </div>
      </div>

      {groups.length === 0 ? (
        <Card className="items-center gap-2 px-6 py-12 text-center shadow-none">
          <p className="text-muted-foreground">
            {products.length === 0
              ? 'This café has no products yet.'
              : `No product matches “${search.trim()}”.`}
          </p>
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          {groups.map((group) => (
            <ParLockCategoryCard
              key={group.category}
              group={group}
              totalInCategory={categorySizes.get(group.category) ?? group.products.length}
              busy={busy}
              onChange={apply}
              now={now}
              timeZone={location.timezone}
            />
          ))}
        </div>
      )}

      <ConfirmDialog
        open={confirmAll !== null}
        onOpenChange={(open) => (open ? undefined : setConfirmAll(null))}
        title={confirmAll === false ? 'Unlock every PAR?' : 'Lock every PAR?'}
        message={
          confirmAll === false
            ? `All ${plural(products.length, 'PAR')} of ${location.name} become editable by anyone who sets PARs.`
            : `All ${plural(products.length, 'PAR')} of ${location.name} can then be changed only by someone who manages PAR locks.`
        }
        confirmText={confirmAll === false ? 'Unlock all' : 'Lock all'}
        onConfirm={() => {
          if (confirmAll !== null) apply({ kind: 'all' }, confirmAll);
          setConfirmAll(null);
        }}
      />
    </>
  );
}
