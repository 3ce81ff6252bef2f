import type { AdminProduct } from '@engine/admin-product-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { useAdminCategories } from '@web/features/admin/api/admin-categories.ts';
import { useAdminProducts } from '@web/features/admin/api/admin-products.ts';
import { EmptyState } from '@web/features/admin/components/common/empty-state.tsx';
import { MatchCount } from '@web/features/admin/components/common/match-count.tsx';
import { allOf, QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SearchField } from '@web/features/admin/components/common/search-field.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useDialogTarget } from '@web/features/admin/hooks/use-dialog-target.ts';
import { Plus, Upload } from 'lucide-react';
import { useDeferredValue, useMemo, useState } from 'react';
import { ProductFormDialog, type ProductSuggestions } from './product-form-dialog.tsx';
import { ProductImportDialog } from './product-import-dialog.tsx';
import { ProductsTable } from './products-table.tsx';

const ALL = 'all';
type Status = 'active' | 'retired' | 'all';

function distinct(values: readonly (string | null)[]): string[] {
  return [...new Set(values.filter((value): value is string => !!value))].sort((a, b) => a.localeCompare(b));
}

function matches(product: AdminProduct, words: readonly string[]): boolean {
  const haystack = [product.name, product.sku, product.vendor, product.orderSubcategory, product.unit]
    .join(' ')
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The catalogue: search, filter by category and status, create, edit, retire, and import a CSV. */
export function ProductsSection() {
  const products = useAdminProducts();
  const categories = useAdminCategories();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL);
  const [status, setStatus] = useState<Status>('active');
  const editing = useDialogTarget<AdminProduct>();
  const [importing, setImporting] = useState(false);
  const deferredSearch = useDeferredValue(search);

  const categoryNames = useMemo(() => (categories.data ?? []).map((c) => c.category), [categories.data]);

  const visible = useMemo(() => {
    const words = deferredSearch.trim().toLowerCase().split(/\s+/).filter(Boolean);
    return (products.data ?? []).filter(
      (product) =>
        (status === 'all' || (status === 'retired') === (product.retiredAt !== null)) &&
        (category === ALL || product.cafeOrderCategory === category) &&
        matches(product, words),
    );
  }, [products.data, deferredSearch, category, status]);

  const suggestions: ProductSuggestions = useMemo(() => {
    const all = products.data ?? [];
    return {
      categories: distinct([...categoryNames, ...all.map((p) => p.cafeOrderCategory)]),
      subcategories: distinct(all.map((p) => p.orderSubcategory)),
      vendors: distinct(all.map((p) => p.vendor)),
    };
  }, [products.data, categoryNames]);

  const total = products.data?.length ?? 0;
  return (
    <SectionCard
      title="Catalogue"
      description="Every product the cafés count and order. Retired products keep their history."
      actions={
        <>
          <Button
            variant="outline"
            disabled={!products.data || !categories.data}
            onClick={() => setImporting(true)}
          >
            <Upload aria-hidden />
            Import CSV
          </Button>
          <Button onClick={() => editing.openFor(null)}>
            <Plus aria-hidden />
            New product
          </Button>
        </>
      }
    >
      <div className="mb-4 grid gap-2 sm:grid-cols-[minmax(0,1fr)_13rem_9rem]">
        <SearchField
          label="Search products"
          placeholder="Search name, SKU, vendor"
          value={search}
          onChange={setSearch}
        />
        <Select value={category} onValueChange={setCategory}>
          <SelectTrigger aria-label="Category" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All categories</SelectItem>
            {categoryNames.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <Select value={status} onValueChange={(value) => setStatus(value as Status)}>
          <SelectTrigger aria-label="Status" className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="active">In use</SelectItem>
            <SelectItem value="retired">Retired</SelectItem>
            <SelectItem value="all">All products</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {products.data ? (
        <MatchCount shown={visible.length} total={total} noun="products" className="mb-2" />
      ) : null}

      <QueryState query={allOf(products, categories)} label="products" />
      {products.data && visible.length === 0 ? (
        <EmptyState>No product matches these filters.</EmptyState>
      ) : null}
      {products.data && visible.length > 0 ? (
        <ProductsTable products={visible} onEdit={(product) => editing.openFor(product)} />
      ) : null}

      <ProductFormDialog {...editing.dialog} product={editing.value} suggestions={suggestions} />
      {products.data && categories.data ? (
        <ProductImportDialog
          open={importing}
          onOpenChange={setImporting}
          products={products.data}
          categories={categoryNames}
        />
      ) : null}
    </SectionCard>
  );
}
