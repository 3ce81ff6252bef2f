import { type VendorMessageOrder, vendorOrderText } from '@engine/order-by-vendor.ts';
import type { OrderLine } from '@engine/order-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import type { LineGroup } from '@web/components/ui/order-lines-table.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { plural } from '@web/lib/display-format.ts';
import { useMediaQuery } from '@web/lib/use-phone-layout.ts';
import { Copy, Share } from 'lucide-react';

/**
 * Hands one vendor its lines of the order as plain text (`vendorOrderText`): through the device's share sheet on
 * a touch device that has one, else to the clipboard, for an email or a message to the vendor.
 */
export function SendToVendorButton({
  order,
  group,
}: {
  order: VendorMessageOrder;
  group: LineGroup<OrderLine>;
}) {
  // Desktop browsers may have a share sheet too, but there the buyer's email is at hand: copy.
  const share = useMediaQuery('(pointer: coarse)') && typeof navigator.share === 'function';
  const what = `${plural(group.lines.length, 'line')} ${group.vendor ? `for ${group.vendor}` : 'with no vendor'}`;

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast({
        title: `Copied the ${what}`,
        description: 'Paste them into an email or a message to the vendor.',
      });
    } catch {
      toast({
        variant: 'destructive',
        title: 'The browser blocked copying',
        description: 'Select the lines on screen and copy them, or allow this site to use the clipboard.',
      });
    }
  }

  async function send() {
    const text = vendorOrderText(order, group);
    if (!share) return copy(text);
    try {
      await navigator.share({
        title: `Order ${order.number}${group.vendor ? ` for ${group.vendor}` : ''}`,
        text,
      });
    } catch (error) {
      // Closing the share sheet is a change of mind, not a failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy(text);
    }
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={send}
      aria-label={`${share ? 'Share' : 'Copy'} the ${what}`}
    >
      {share ? <Share aria-hidden /> : <Copy aria-hidden />}
      {share ? 'Share' : 'Copy'}
    </Button>
  );
}
