import { barcodeKey } from '@engine/barcode.ts';
import { Input } from '@web/components/ui/input.tsx';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

export interface SearchableProduct {
  id: number;
  name: string;
  sku: string | null;
  /** Absent where the screen has no catalogue entry for the product. */
  barcode?: string | null;
  category: string;
}

const MAX_MATCHES = 8;

/**
 * Products whose name, SKU or barcode holds every word typed, names starting with the text first. A whole
 * barcode also finds its product in another GTIN form (a UPC-A typed for a code stored as EAN-13).
 */
export function matchProducts(products: readonly SearchableProduct[], text: string): SearchableProduct[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const typedKey = barcodeKey(text);
  const hits = products.filter((product) => {
    if (typedKey !== null && product.barcode && barcodeKey(product.barcode) === typedKey) return true;
    const haystack = `${product.name} ${product.sku ?? ''} ${product.barcode ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
  const first = text.trim().toLowerCase();
  return hits
    .sort(
      (a, b) =>
        Number(!a.name.toLowerCase().startsWith(first)) - Number(!b.name.toLowerCase().startsWith(first)) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, MAX_MATCHES);
}

/**
 * Search by name, SKU or barcode across every category of the operation: Enter (or a click) on a match
 * opens its category and puts the cursor in its field.
 */
export function ProductSearch({
  products,
  onPick,
}: {
  products: readonly SearchableProduct[];
  onPick: (productId: number) => void;
}) {
  const [text, setText] = useState('');
  const listId = useId();
  const matches = useMemo(() => matchProducts(products, text), [products, text]);
  const pick = (productId: number) => {
    setText('');
    onPick(productId);
  };
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-sm">
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label="Search products by name or SKU, or by barcode"
        placeholder="Name, SKU, barcode"
        autoComplete="off"
        enterKeyHint="go"
        aria-controls={matches.length > 0 ? listId : undefined}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setText('');
          if (event.key !== 'Enter') return;
          event.preventDefault();
          const [first] = matches;
          if (first) pick(first.id);
        }}
        className="pl-9"
      />
      {text.trim() !== '' ? (
        <ul
          id={listId}
          aria-label="Matching products"
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-80 overflow-y-auto rounded-md border border-border bg-popover p-1 shadow-md"
        >
          {matches.length === 0 ? (
            <li className="px-3 py-2 text-muted-foreground text-sm">No product matches “{text.trim()}”.</li>
          ) : (
            matches.map((product) => (
              <li key={product.id}>
                <button
                  type="button"
                  onClick={() => pick(product.id)}
                  className="flex min-h-11 w-full cursor-pointer flex-col items-start rounded-sm px-3 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
                >
                  <span className="text-foreground">{product.name}</span>
                  <span className="text-muted-foreground text-xs">
                    {product.category}
                    {product.sku ? ` · SKU ${product.sku}` : ''}
                    {product.barcode && /^\d+$/.test(text.trim()) ? ` · ${product.barcode}` : ''}
                  </span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
