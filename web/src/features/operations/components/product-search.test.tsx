import { afterEach, describe, expect, mock, test } from 'bun:test';
import type { Product } from '@engine/api-schemas.ts';
import { onlineManager, skipToken, useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { getToastState } from '@web/components/ui/use-toast.ts';
import type { SearchableProduct } from '@web/features/operations/model/match-products.ts';
import { productsQueryKey } from '@web/lib/shared-reads/products.ts';
import { installFakeFetch, json } from '@web-test/fake-fetch.ts';
import { dairyProduct } from '@web-test/fixtures.ts';
import { createTestProviders } from '@web-test/query-wrapper.tsx';
import { NO_ASSIGN_RIGHTS } from './assign-barcode.tsx';
import { ProductSearch } from './product-search.tsx';

const NEW_CODE = '9501101530003';
const OAT_MILK: SearchableProduct = {
  id: 21,
  name: 'Oat Milk',
  sku: 'DAI-2',
  barcode: null,
  category: 'Dairy',
};
const SYRUP: SearchableProduct = {
  id: 22,
  name: 'Vanilla Syrup',
  sku: null,
  barcode: '4006381333931',
  category: 'Syrups',
};
/** Every product still sold: these two, and one this screen does not count. */
const CATALOGUE = [
  { id: 21, name: 'Oat Milk', barcode: null },
  { id: 22, name: 'Vanilla Syrup', barcode: '4006381333931' },
  { id: 30, name: 'Tonic Can', barcode: '036000291452' },
];

afterEach(() => onlineManager.setOnline(true));

function renderSearch(canAssign: boolean) {
  const onPick = mock((_productId: number) => undefined);
  const { wrapper } = createTestProviders();
  render(
    <ProductSearch
      products={[OAT_MILK, SYRUP]}
      catalogue={CATALOGUE}
      canAssign={canAssign}
      onPick={onPick}
    />,
    { wrapper },
  );
  const box = screen.getByRole('searchbox', { name: /by barcode/ }) as HTMLInputElement;
  const type = (text: string) => fireEvent.change(box, { target: { value: text } });
  return { box, type, onPick };
}

/** The search as a screen gives it the products: from the catalogue's cache, which an assignment updates. */
function SearchOverCatalogue({ onPick }: { onPick: (productId: number) => void }) {
  const { data = [] } = useQuery<Product[]>({ queryKey: productsQueryKey, queryFn: skipToken });
  const listed = data.map((product) => ({ ...product, category: product.cafeOrderCategory }));
  return <ProductSearch products={listed} catalogue={data} canAssign onPick={onPick} />;
}

async function assignTo(name: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Find the product for this barcode' }), {
    target: { value: name },
  });
  await act(async () => screen.getByRole('button', { name: new RegExp(`^${name}`) }).click());
}

describe('a barcode typed into the search that no product of the list has', () => {
  test('is said to be on no product, and someone who manages products assigns it and is taken to it', async () => {
    const { client, wrapper } = createTestProviders();
    client.setQueryData<Product[]>(productsQueryKey, [dairyProduct(21, 'Oat Milk')]);
    const { calls } = installFakeFetch(async (_url, init) => {
      const saved = dairyProduct(21, 'Oat Milk', JSON.parse(String(init.body)));
      // The catalogue may learn the code before the answer is handled (its refetch landing first): the search
      // then lists the product and lets the picker go, and the assignment must still take the person to it.
      client.setQueryData<Product[]>(productsQueryKey, [saved]);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return json({ ...saved, retiredAt: null, updatedAt: '2026-12-01T09:00:00.000Z' });
    });
    const onPick = mock((_productId: number) => undefined);
    render(<SearchOverCatalogue onPick={onPick} />, { wrapper });
    const box = screen.getByRole('searchbox', { name: /by barcode/ }) as HTMLInputElement;
    fireEvent.change(box, { target: { value: NEW_CODE } });
    expect(screen.getByTestId('search-code-outcome').textContent).toBe(
      `No product has the barcode ${NEW_CODE}.`,
    );
    await assignTo('Oat Milk');
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(21));
    expect(calls.map((one) => [one.init.method, one.url, one.init.body])).toEqual([
      ['PATCH', '/api/admin/products/21', JSON.stringify({ barcode: NEW_CODE })],
    ]);
    expect(box.value).toBe('');
    expect(client.getQueryData<Product[]>(productsQueryKey)?.[0]?.barcode).toBe(NEW_CODE);
  });

  test('someone who may not manage products is told whom to ask, with no picker', () => {
    const { type } = renderSearch(false);
    type(NEW_CODE);
    expect(screen.getByTestId('search-code-outcome').textContent).toBe(
      `No product has the barcode ${NEW_CODE}.`,
    );
    expect(screen.getByText(NO_ASSIGN_RIGHTS)).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Find the product for this barcode' })).toBeNull();
  });

  test('a code another product has already is refused by the server, and its answer is shown', async () => {
    installFakeFetch(() =>
      json(
        { code: 'conflict', message: `The barcode ${NEW_CODE} is already on Espresso Beans.` },
        { status: 409 },
      ),
    );
    const { type, onPick } = renderSearch(true);
    type(NEW_CODE);
    await assignTo('Oat Milk');
    expect(await screen.findByText(`The barcode ${NEW_CODE} is already on Espresso Beans.`)).toBeTruthy();
    expect(onPick).not.toHaveBeenCalled();
  });

  test('offline, assigning is refused at once and nothing is sent', async () => {
    const { calls } = installFakeFetch(() => json({}));
    onlineManager.setOnline(false);
    const { type, onPick } = renderSearch(true);
    type(NEW_CODE);
    await assignTo('Oat Milk');
    expect(getToastState().toasts[0]).toMatchObject({ title: 'Assigning a barcode needs the network' });
    expect(calls).toEqual([]);
    expect(onPick).not.toHaveBeenCalled();
  });

  test('Enter, as a handheld scanner sends after a code, opens a listed product; after an unknown code it keeps the offer and selects the code for the next scan', () => {
    const { type, box, onPick } = renderSearch(true);
    type('4006381333931');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledWith(SYRUP.id);
    type(NEW_CODE);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('search-code-outcome')).toBeTruthy();
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, NEW_CODE.length]);
  });

  test('a product of the catalogue this list does not show is named, not offered', () => {
    const { type } = renderSearch(true);
    type('0036000291452');
    expect(screen.getByTestId('search-code-outcome').textContent).toBe(
      '0036000291452 is Tonic Can, which this list does not show.',
    );
    expect(screen.queryByRole('searchbox', { name: 'Find the product for this barcode' })).toBeNull();
  });

  test('a number whose check digit is wrong is no barcode: it is searched as text', () => {
    const { type } = renderSearch(true);
    type('9501101530004');
    expect(screen.queryByTestId('search-code-outcome')).toBeNull();
    expect(screen.getByRole('list', { name: 'Matching products' }).textContent).toContain(
      'No product matches “9501101530004”.',
    );
    type(NEW_CODE);
    expect(screen.queryByRole('list', { name: 'Matching products' })).toBeNull();
    expect(screen.getByTestId('search-code-outcome')).toBeTruthy();
  });
});
