import { Archive, ArchiveRestore } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type AdminProduct,
  createProductBodySchema,
  type ProductFields,
  updateProductBodySchema,
} from '../../../../../../engine/src/admin-product-schemas.ts';
import { Alert, AlertDescription } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import { toast } from '../../../../components/ui/use-toast.ts';
import { errorMessageForPerson } from '../../../../lib/api-request.ts';
import { useSaveProduct } from '../../api/save-product.ts';
import { issuesByField } from '../../form-issues.ts';
import { FormField } from '../common/form-field.tsx';
import { MutationError } from '../common/mutation-error.tsx';

interface Draft {
  name: string;
  sku: string;
  unit: string;
  cafeOrderCategory: string;
  orderSubcategory: string;
  maximumStockQuantity: string;
  unitCost: string;
  vendor: string;
  isDailyCount: boolean;
}

function draftOf(product: AdminProduct | null): Draft {
  return {
    name: product?.name ?? '',
    sku: product?.sku ?? '',
    unit: product?.unit ?? '',
    cafeOrderCategory: product?.cafeOrderCategory ?? '',
    orderSubcategory: product?.orderSubcategory ?? '',
    maximumStockQuantity: product?.maximumStockQuantity?.toString() ?? '',
    unitCost: product ? String(product.unitCost) : '',
    vendor: product?.vendor ?? '',
    isDailyCount: product?.isDailyCount ?? false,
  };
}

/** Typed text as the values the schema judges: blank amounts mean "no cap" and "no cost yet". */
function valuesOf(draft: Draft): Record<keyof ProductFields, unknown> {
  const amount = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    name: draft.name,
    sku: draft.sku,
    unit: draft.unit,
    cafeOrderCategory: draft.cafeOrderCategory,
    orderSubcategory: draft.orderSubcategory,
    maximumStockQuantity: amount(draft.maximumStockQuantity),
    unitCost: amount(draft.unitCost) ?? 0,
    vendor: draft.vendor,
    isDailyCount: draft.isDailyCount,
  };
}

export interface ProductSuggestions {
  categories: readonly string[];
  subcategories: readonly string[];
  vendors: readonly string[];
}

export function ProductFormDialog({
  open,
  product,
  suggestions,
  onOpenChange,
}: {
  open: boolean;
  product: AdminProduct | null;
  suggestions: ProductSuggestions;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        {open ? (
          <ProductForm
            key={product?.id ?? 'new'}
            product={product}
            suggestions={suggestions}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Create or edit a product. The engine's product schema judges the form, so the words match the API's and
 * the CSV import's; a retired product can be brought back from here.
 */
function ProductForm({
  product,
  suggestions,
  onDone,
}: {
  product: AdminProduct | null;
  suggestions: ProductSuggestions;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(product));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [confirmRetire, setConfirmRetire] = useState(false);
  const save = useSaveProduct();
  const retire = useSaveProduct();
  const listId = useId();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const retired = product?.retiredAt != null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = valuesOf(draft);
    if (!product) {
      const parsed = createProductBodySchema.safeParse(values);
      if (!parsed.success) return setIssues(issuesByField(parsed.error).fields);
      setIssues({});
      save.mutate(
        { id: null, body: parsed.data },
        {
          onSuccess: (created) => {
            toast({
              title: 'Product created',
              description: `${created.name} is in ${created.cafeOrderCategory}.`,
            });
            onDone();
          },
        },
      );
      return;
    }
    const before = valuesOf(draftOf(product));
    const changed = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => before[key as keyof ProductFields] !== value),
    );
    if (Object.keys(changed).length === 0) return onDone();
    const parsed = updateProductBodySchema.safeParse(changed);
    if (!parsed.success) return setIssues(issuesByField(parsed.error).fields);
    setIssues({});
    save.mutate({ id: product.id, body: parsed.data }, { onSuccess: onDone });
  }

  function setRetired(next: boolean) {
    if (!product) return;
    retire.mutate(
      { id: product.id, body: { retired: next } },
      {
        onSuccess: () => {
          toast({
            title: next ? 'Product retired' : 'Product is back',
            description: next
              ? `${product.name} no longer shows on counts, lists and orders.`
              : `${product.name} shows on counts, lists and orders again.`,
          });
          onDone();
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessageForPerson(error) }),
      },
    );
  }

  const text = (key: keyof Draft, label: string, options: { hint?: string; list?: string } = {}) => (
    <FormField label={label} error={issues[key]} hint={options.hint}>
      {(control) => (
        <Input
          {...control}
          list={options.list}
          autoComplete="off"
          value={draft[key] as string}
          onChange={(event) => set(key, event.target.value as never)}
        />
      )}
    </FormField>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader className="max-sm:px-8">
        <DialogTitle>{product ? `Edit ${product.name}` : 'New product'}</DialogTitle>
        <DialogDescription>
          PARs, counts and carts name products by their name, so it must be unique.
        </DialogDescription>
      </DialogHeader>
      {retired ? (
        <Alert variant="warning" live="none">
          <AlertDescription>
            This product is retired: it is hidden from counts, shopping lists and orders.
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Name')}
        {text('sku', 'SKU', { hint: 'Optional; unique when given.' })}
        {text('unit', 'Unit', { hint: 'How it is ordered, e.g. “case of 6 × 1L”.' })}
        {text('vendor', 'Vendor', { list: `${listId}-vendors` })}
        {text('cafeOrderCategory', 'Category', {
          list: `${listId}-categories`,
          hint: 'A new name starts a category.',
        })}
        {text('orderSubcategory', 'Subcategory', { list: `${listId}-subcategories` })}
        <FormField
          label="Max stock"
          error={issues.maximumStockQuantity}
          hint="Caps suggested orders; blank for none."
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={draft.maximumStockQuantity}
              onChange={(event) => set('maximumStockQuantity', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Unit cost ($)" error={issues.unitCost}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={draft.unitCost}
              placeholder="0.00"
              onChange={(event) => set('unitCost', event.target.value)}
            />
          )}
        </FormField>
        <div className="flex min-h-11 items-center gap-3 sm:col-span-2">
          <Checkbox
            id={`${listId}-daily`}
            checked={draft.isDailyCount}
            onCheckedChange={(value) => set('isDailyCount', value === true)}
          />
          <Label htmlFor={`${listId}-daily`} className="flex-col items-start gap-1">
            Daily count
            <span className="font-normal text-xs text-muted-foreground">
              Counted every night in Nightly Counts.
            </span>
          </Label>
        </div>
      </div>
      <datalist id={`${listId}-categories`}>
        {suggestions.categories.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <datalist id={`${listId}-subcategories`}>
        {suggestions.subcategories.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <datalist id={`${listId}-vendors`}>
        {suggestions.vendors.map((value) => (
          <option key={value} value={value} />
        ))}
      </datalist>
      <MutationError error={save.error} />
      <DialogFooter className="sm:justify-between">
        {product ? (
          retired ? (
            <Button
              type="button"
              variant="outline"
              disabled={retire.isPending}
              onClick={() => setRetired(false)}
            >
              <ArchiveRestore aria-hidden />
              Unretire
            </Button>
          ) : (
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              disabled={retire.isPending}
              onClick={() => setConfirmRetire(true)}
            >
              <Archive aria-hidden />
              Retire
            </Button>
          )
        ) : (
          <span />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {product ? 'Save changes' : 'Create product'}
          </Button>
        </div>
      </DialogFooter>
      {product ? (
        <ConfirmDialog
          open={confirmRetire}
          onOpenChange={setConfirmRetire}
          title={`Retire ${product.name}?`}
          message="It leaves counts, shopping lists and new orders at every café. Its history stays, and you can bring it back."
          confirmText="Retire"
          variant="destructive"
          onConfirm={() => setRetired(true)}
        />
      ) : null}
    </form>
  );
}
