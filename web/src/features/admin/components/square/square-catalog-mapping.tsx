import { squareVariationLabel } from '@engine/square-matching.ts';
import type { SquareOverview } from '@engine/square-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { NativeSelect } from '@web/components/ui/native-select.tsx';
import { useMapSquareVariation } from '@web/features/admin/api/square.ts';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import {
  ActionsCell,
  ActionsHeaderCell,
  HeaderCell,
  ResponsiveCell,
  ResponsiveRow,
  ResponsiveTable,
  ResponsiveTableBody,
  ResponsiveTableHead,
} from '@web/features/admin/components/common/responsive-table.tsx';
import { SearchField } from '@web/features/admin/components/common/search-field.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useMemo, useState } from 'react';
import { MappedByBadge } from './square-location-mapping.tsx';

type Filter = 'all' | 'unpaired' | 'daily';

const matches = (needle: string, ...texts: (string | null)[]) =>
  needle === '' || texts.some((text) => text?.toLocaleLowerCase().includes(needle));

/**
 * Products beside Square's item variations: matched by SKU, then by exact name, at each sync. The unmatched
 * on both sides are listed; a product is paired with one of Square's unmatched variations, or unpaired, by hand.
 */
export function SquareCatalogMapping({ overview }: { overview: SquareOverview }) {
  const map = useMapSquareVariation();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<Filter>('unpaired');
  const needle = search.trim().toLocaleLowerCase();
  const products = useMemo(
    () =>
      overview.products.filter(
        (p) =>
          (filter === 'all' || (filter === 'unpaired' ? p.squareVariationId === null : p.isDailyCount)) &&
          matches(needle, p.name, p.sku, p.squareVariationName),
      ),
    [overview.products, filter, needle],
  );
  const unmatched = overview.unmatchedVariations.filter((v) =>
    matches(needle, v.itemName, v.variationName, v.sku),
  );
  const paired = overview.products.filter((p) => p.squareVariationId !== null).length;

  return (
    <SectionCard
      title="Catalog"
      headingId="square-catalog"
      description={`${paired} of ${overview.products.length} products are paired with a Square item; ${overview.unmatchedVariations.length} Square items are not paired with a product.`}
    >
      <div className="grid gap-4">
        <div className="flex flex-col gap-2 sm:flex-row">
          <SearchField
            className="sm:flex-1"
            label="Search products and Square items"
            placeholder="Search by name or SKU"
            value={search}
            onChange={setSearch}
          />
          <NativeSelect
            className="flex w-full sm:w-72"
            aria-label="Which products"
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            <option value="unpaired">Products without a Square item</option>
            <option value="daily">Nightly count items</option>
            <option value="all">All products</option>
          </NativeSelect>
        </div>
        <MutationError error={map.error} />
        {products.length === 0 ? (
          <p className="text-sm text-muted-foreground">No products here.</p>
        ) : (
          <ResponsiveTable>
            <ResponsiveTableHead>
              <tr>
                <HeaderCell>Product</HeaderCell>
                <HeaderCell>Square item</HeaderCell>
                <HeaderCell>How</HeaderCell>
                <ActionsHeaderCell />
              </tr>
            </ResponsiveTableHead>
            <ResponsiveTableBody>
              {products.map((product) => (
                <ResponsiveRow key={product.productId} data-testid="square-product-row">
                  <ResponsiveCell primary>
                    <span className="font-medium">{product.name}</span>{' '}
                    <span className="text-muted-foreground">{product.sku ?? 'no SKU'}</span>
                  </ResponsiveCell>
                  <ResponsiveCell label="Square item">
                    {product.squareVariationId === null ? (
                      <NativeSelect
                        className="flex w-full"
                        aria-label={`Square item for ${product.name}`}
                        value=""
                        disabled={map.isPending || overview.unmatchedVariations.length === 0}
                        onChange={(event) =>
                          event.target.value &&
                          map.mutate({ productId: product.productId, squareVariationId: event.target.value })
                        }
                      >
                        <option value="">Not paired</option>
                        {overview.unmatchedVariations.map((variation) => (
                          <option key={variation.id} value={variation.id}>
                            {`${squareVariationLabel(variation)}${variation.sku ? ` (${variation.sku})` : ''}`}
                          </option>
                        ))}
                      </NativeSelect>
                    ) : (
                      (product.squareVariationName ?? `${product.squareVariationId} (no longer listed)`)
                    )}
                  </ResponsiveCell>
                  <ResponsiveCell label="How">
                    <MappedByBadge mappedBy={product.mappedBy} paired={product.squareVariationId !== null} />
                  </ResponsiveCell>
                  <ActionsCell>
                    {product.squareVariationId !== null ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={map.isPending}
                        aria-label={`Unpair ${product.name}`}
                        onClick={() => map.mutate({ productId: product.productId, squareVariationId: null })}
                      >
                        Unpair
                      </Button>
                    ) : null}
                  </ActionsCell>
                </ResponsiveRow>
              ))}
            </ResponsiveTableBody>
          </ResponsiveTable>
        )}
        <div>
          <h3 className="font-medium text-sm">Square items without a product</h3>
          {unmatched.length === 0 ? (
            <p className="text-sm text-muted-foreground">None.</p>
          ) : (
            <ul className="mt-2 grid gap-1 text-sm" data-testid="square-unmatched">
              {unmatched.map((variation) => (
                <li key={variation.id}>
                  {squareVariationLabel(variation)}{' '}
                  <span className="text-muted-foreground">{variation.sku ?? 'no SKU'}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </SectionCard>
  );
}
