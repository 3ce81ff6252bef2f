import type { SearchableProduct } from '@web/features/operations/model/match-products.ts';
import type { ReactNode } from 'react';

/**
 * The products matching what was typed, one button each with its category and a detail line the caller
 * words; "No product matches …" when none does. The search box's list and the barcode picker's list.
 */
export function ProductMatchList({
  text,
  matches,
  onPick,
  detail,
  disabled = false,
  id,
  label,
  className,
}: {
  text: string;
  matches: readonly SearchableProduct[];
  onPick: (product: SearchableProduct) => void;
  /** What follows the category: " · SKU …", " · replaces …". */
  detail: (product: SearchableProduct) => ReactNode;
  disabled?: boolean;
  id?: string;
  label: string;
  className: string;
}) {
  return (
    <ul id={id} aria-label={label} className={className}>
      {matches.length === 0 ? (
        <li className="px-3 py-2 text-muted-foreground text-sm">No product matches “{text.trim()}”.</li>
      ) : (
        matches.map((product) => (
          <li key={product.id}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onPick(product)}
              className="flex min-h-11 w-full cursor-pointer flex-col items-start rounded-sm px-3 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent disabled:opacity-50"
            >
              <span className="text-foreground">{product.name}</span>
              <span className="text-muted-foreground text-xs">
                {product.category}
                {detail(product)}
              </span>
            </button>
          </li>
        ))
      )}
    </ul>
  );
}
