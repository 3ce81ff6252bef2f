import type { OrderDetail } from '@engine/order-schemas.ts';
import { useNavigate } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { useCopyOrderToCart } from '@web/lib/cart/cart-api.ts';
import { plural } from '@web/lib/display-format.ts';
import { useSelectedLocation } from '@web/lib/storage/selected-location.ts';
import { ListPlus, Loader2 } from 'lucide-react';

/**
 * Puts the order's lines back on its café's shopping list and opens View Cart there. A rejected or cancelled order
 * had emptied the list and started the next count when it was submitted: this is how it is corrected and sent again
 * without a recount. Any other order can be made again the same way.
 */
export function CopyToListButton({ order }: { order: OrderDetail }) {
  const copy = useCopyOrderToCart();
  const [, setLocation] = useSelectedLocation();
  const navigate = useNavigate();
  const undone = order.status === 'rejected' || order.status === 'cancelled';

  const run = () =>
    copy.mutate(order.id, {
      onSuccess: ({ copied, skipped }) => {
        setLocation(order.location);
        toast({
          title: `${plural(copied, 'line')} put on ${order.location.name}’s list`,
          description:
            skipped.length > 0
              ? `Left out, no longer ordered there: ${skipped.join(', ')}.`
              : 'Change what needs changing, then submit the order.',
        });
        void navigate({ to: '/order-confirmation' });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Nothing was put on the list',
          description: errorMessageForPerson(error),
        }),
    });

  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground">
        {undone
          ? `To send a corrected order, put its lines back on ${order.location.name}’s list.`
          : `To order the same again, put its lines on ${order.location.name}’s list.`}
      </p>
      <Button
        variant="outline"
        className="shrink-0"
        disabled={copy.isPending}
        aria-disabled={copy.isPending}
        onClick={run}
      >
        {copy.isPending ? <Loader2 aria-hidden className="animate-spin" /> : <ListPlus aria-hidden />}
        {undone ? 'Put back on the list' : 'Order again'}
      </Button>
    </div>
  );
}
