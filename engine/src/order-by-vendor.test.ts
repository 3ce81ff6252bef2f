import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { groupByVendor, vendorOrderText } from './order-by-vendor.ts';

const line = (
  productName: string,
  vendor: string | null,
  lineTotal = 1,
  more: Partial<{ sku: string | null }> = {},
) => ({
  productName,
  vendor,
  lineTotal,
  unit: 'case',
  sku: more.sku ?? null,
  quantity: 2,
});

describe('groupByVendor', () => {
  test('vendors by name whatever their case, no vendor last, lines in the order they came', () => {
    const groups = groupByVendor([
      line('Oat Milk', 'valley Fresh Dairy', 10),
      line('Cups', null, 3),
      line('Espresso Blend', 'Harbor Coffee Roasters', 50),
      line('Whole Milk', 'valley Fresh Dairy', 5.55),
      line('Decaf', 'Harbor Coffee Roasters', 20.1),
    ]);
    expect(groups.map((group) => group.vendor)).toEqual([
      'Harbor Coffee Roasters',
      'valley Fresh Dairy',
      null,
    ]);
    expect(groups.map((group) => group.lines.map((l) => l.productName))).toEqual([
      ['Espresso Blend', 'Decaf'],
      ['Oat Milk', 'Whole Milk'],
      ['Cups'],
    ]);
    expect(groups.map((group) => group.subtotal)).toEqual([70.1, 15.55, 3]);
  });

  test('one vendor typed two ways is one group, under the spelling most of its products use', () => {
    const groups = groupByVendor([
      line('Whole Milk', 'Valley Fresh Dairy'),
      line('Skim Milk', ' valley  fresh DAIRY'),
      line('Half & Half', 'Valley Fresh Dairy'),
      line('Espresso Blend', 'Harbor Coffee Roasters'),
    ]);
    expect(groups.map((group) => [group.vendor, group.lines.map((l) => l.productName)])).toEqual([
      ['Harbor Coffee Roasters', ['Espresso Blend']],
      ['Valley Fresh Dairy', ['Whole Milk', 'Skim Milk', 'Half & Half']],
    ]);
    // On a tie, the spelling seen first.
    expect(groupByVendor([line('a', 'acme'), line('b', 'ACME')]).map((group) => group.vendor)).toEqual([
      'acme',
    ]);
  });

  test('no line is lost or repeated, and the subtotals add up to the order', () => {
    const vendor = fc.option(fc.constantFrom('A', 'b', 'C', 'a'), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.record({ vendor, cents: fc.integer({ min: 1, max: 10_000_000 }) })),
        (drawn) => {
          const lines = drawn.map((d, index) => line(`p${index}`, d.vendor, d.cents / 100));
          const groups = groupByVendor(lines);
          const names = groups.flatMap((group) => group.lines.map((l) => l.productName));
          expect(names.toSorted()).toEqual(lines.map((l) => l.productName).toSorted());
          const cents = (amount: number) => Math.round(amount * 100);
          expect(groups.reduce((sum, group) => sum + cents(group.subtotal), 0)).toBe(
            drawn.reduce((sum, d) => sum + d.cents, 0),
          );
          // Every group is one vendor, told apart from the others however its name was typed.
          expect(new Set(groups.map((group) => group.vendor?.toLowerCase() ?? null)).size).toBe(
            groups.length,
          );
          for (const group of groups) {
            expect(new Set(group.lines.map((l) => l.vendor?.toLowerCase() ?? null))).toEqual(
              new Set([group.vendor?.toLowerCase() ?? null]),
            );
          }
        },
      ),
    );
  });
});

describe('vendorOrderText', () => {
  const order = {
    number: 'DT-02-20261203-0001',
    location: { name: 'Market Hall Coffee Bar', code: 'DT-02' },
    note: '  Please deliver before 9 am.  ',
  };

  test('names the vendor, the order and the café, then one line per product, the count and the note', () => {
    const [roaster] = groupByVendor([
      { ...line('Dark Roast Sumatra', 'Harbor Coffee Roasters', 0, { sku: 'HCR-0005' }), unit: '5 lb bag' },
      { ...line('Decaf Drip Blend', 'Harbor Coffee Roasters'), unit: '5 lb bag', quantity: 1.5 },
    ]);
    expect(roaster && vendorOrderText(order, roaster)).toBe(
      [
        'To: Harbor Coffee Roasters',
        'Order DT-02-20261203-0001 for Market Hall Coffee Bar (DT-02)',
        '',
        '2 × Dark Roast Sumatra, 5 lb bag (SKU HCR-0005)',
        '1.5 × Decaf Drip Blend, 5 lb bag',
        '',
        '2 items',
        'Note: Please deliver before 9 am.',
      ].join('\n'),
    );
  });

  test('lines with no vendor and an order with no note leave those lines out', () => {
    const [unassigned] = groupByVendor([line('Cups', null)]);
    expect(unassigned && vendorOrderText({ ...order, note: ' ' }, unassigned)).toBe(
      [
        'Order DT-02-20261203-0001 for Market Hall Coffee Bar (DT-02)',
        '',
        '2 × Cups, case',
        '',
        '1 item',
      ].join('\n'),
    );
  });
});
