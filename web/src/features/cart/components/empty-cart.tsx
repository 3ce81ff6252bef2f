import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { ShoppingCart } from 'lucide-react';

/** Nothing on the list yet: the way to fill it is the Shopping List (Suggest Orders after a count). */
export function EmptyCart({
  canBuildList,
  onOpenShoppingList,
}: {
  canBuildList: boolean;
  onOpenShoppingList: () => void;
}) {
  return (
    <Card className="items-center gap-2 px-6 py-12 text-center shadow-none sm:py-16">
      <span className="mb-2 inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ShoppingCart aria-hidden className="size-5" />
      </span>
      <h2 className="text-foreground text-lg">The cart is empty</h2>
      <p className="max-w-md text-pretty text-muted-foreground text-sm">
        {canBuildList
          ? 'Build the order on the Shopping List: after the count is completed, Suggest Orders fills it from the PARs.'
          : 'Nothing is on this café’s shopping list yet.'}
      </p>
      {canBuildList ? (
        <Button className="mt-3" onClick={onOpenShoppingList}>
          Open the Shopping List
        </Button>
      ) : null}
    </Card>
  );
}
