import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test';
import type { OrderLine } from '@engine/order-schemas.ts';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { LineGroup } from '@web/components/ui/order-lines-table.tsx';
import { dismissToast, getToastState } from '@web/components/ui/use-toast.ts';
import { SendToVendorButton } from './send-to-vendor-button.tsx';

const order = {
  number: 'DT-02-20261203-0001',
  location: { name: 'Market Hall Coffee Bar', code: 'DT-02' },
  note: '',
};
const line: OrderLine = {
  productId: 1,
  productName: 'Oat Milk Barista Edition',
  category: 'Dairy & Alternatives',
  subcategory: null,
  unit: 'case of 6 × 1 L',
  sku: 'GPF-10100',
  vendor: 'Greenfield Plant Foods',
  quantity: 4,
  unitCost: 22.5,
  lineTotal: 90,
  receivedAt: null,
  receivedQuantity: null,
  receiptId: null,
};
const group: LineGroup<OrderLine> = {
  key: 'Greenfield Plant Foods',
  title: 'Greenfield Plant Foods',
  vendor: 'Greenfield Plant Foods',
  lines: [line],
  subtotal: 90,
};
const TEXT = [
  'To: Greenfield Plant Foods',
  'Order DT-02-20261203-0001 for Market Hall Coffee Bar (DT-02)',
  '',
  '4 × Oat Milk Barista Edition, case of 6 × 1 L (SKU GPF-10100)',
  '',
  '1 item',
].join('\n');

const original = { matchMedia: window.matchMedia, share: navigator.share, clipboard: navigator.clipboard };
let writeText: ReturnType<typeof mock<(text: string) => Promise<void>>>;

/** A device with a coarse pointer (a phone) or not, with or without the Web Share API. */
function device({ touch, share }: { touch: boolean; share?: (data: ShareData) => Promise<void> }) {
  window.matchMedia = ((query: string) => ({
    matches: touch && query === '(pointer: coarse)',
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
}

async function press(name: string) {
  await act(async () => screen.getByRole('button', { name }).click());
}
/** Toasts still shown (a dismissed one stays in the list until its removal delay). */
const toastTitles = () =>
  getToastState()
    .toasts.filter((shown) => shown.open !== false)
    .map((shown) => shown.title);

beforeEach(() => {
  writeText = mock(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  dismissToast();
});
afterEach(() => {
  cleanup();
  window.matchMedia = original.matchMedia;
  Object.defineProperty(navigator, 'share', { value: original.share, configurable: true });
  Object.defineProperty(navigator, 'clipboard', { value: original.clipboard, configurable: true });
});

describe('SendToVendorButton', () => {
  test('without a share sheet it copies the vendor’s text and says so', async () => {
    device({ touch: false });
    render(<SendToVendorButton order={order} group={group} />);
    await press('Copy the 1 line for Greenfield Plant Foods');
    expect(writeText.mock.calls).toEqual([[TEXT]]);
    expect(toastTitles()).toEqual(['Copied the 1 line for Greenfield Plant Foods']);
  });

  test('a desktop with the Web Share API still copies: the text goes into an email there', async () => {
    const share = mock(async (_data: ShareData) => {});
    device({ touch: false, share });
    render(<SendToVendorButton order={order} group={group} />);
    await press('Copy the 1 line for Greenfield Plant Foods');
    expect(share).not.toHaveBeenCalled();
    expect(writeText).toHaveBeenCalledTimes(1);
  });

  test('a phone hands it to the share sheet, titled with the order and the vendor', async () => {
    const share = mock(async (_data: ShareData) => {});
    device({ touch: true, share });
    render(<SendToVendorButton order={order} group={group} />);
    await press('Share the 1 line for Greenfield Plant Foods');
    expect(share.mock.calls).toEqual([
      [{ title: 'Order DT-02-20261203-0001 for Greenfield Plant Foods', text: TEXT }],
    ]);
    expect(writeText).not.toHaveBeenCalled();
  });

  test('closing the share sheet does nothing more; a share that fails is copied instead', async () => {
    const share = mock(async (_data: ShareData) => {
      throw new DOMException('Share canceled', 'AbortError');
    });
    device({ touch: true, share });
    render(<SendToVendorButton order={order} group={group} />);
    await press('Share the 1 line for Greenfield Plant Foods');
    expect(writeText).not.toHaveBeenCalled();
    expect(toastTitles()).toEqual([]);

    share.mockImplementation(async () => {
      throw new DOMException('Not allowed', 'NotAllowedError');
    });
    await press('Share the 1 line for Greenfield Plant Foods');
    expect(writeText.mock.calls).toEqual([[TEXT]]);
    expect(toastTitles()).toEqual(['Copied the 1 line for Greenfield Plant Foods']);
  });

  test('the lines with no vendor are named so, and their text has no addressee', async () => {
    device({ touch: false });
    const unassigned = {
      ...group,
      key: '',
      title: 'No vendor set',
      vendor: null,
      lines: [{ ...line, vendor: null }],
    };
    render(<SendToVendorButton order={order} group={unassigned} />);
    await press('Copy the 1 line with no vendor');
    expect(writeText.mock.calls).toEqual([[TEXT.split('\n').slice(1).join('\n')]]);
    expect(toastTitles()).toEqual(['Copied the 1 line with no vendor']);
  });

  test('a refused clipboard says how to copy by hand', async () => {
    device({ touch: false });
    writeText.mockImplementation(async () => {
      throw new DOMException('Denied', 'NotAllowedError');
    });
    render(<SendToVendorButton order={order} group={group} />);
    await press('Copy the 1 line for Greenfield Plant Foods');
    expect(toastTitles()).toEqual(['The browser blocked copying']);
  });
});
