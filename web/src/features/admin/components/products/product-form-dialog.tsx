import {
  type AdminProduct,
  createProductBodySchema,
  type ProductFields,
  updateProductBodySchema,
} from '@engine/admin-product-schemas.ts';
import { plainMoneyText } from '@engine/input/money-text.ts';
import { readTypedDecimal } from '@engine/input/quantity.ts';
import { Alert, AlertDescription } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog.tsx';
import { DialogFooter } from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { OfflineWaitNote } from '@web/components/ui/offline-wait-note.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useSaveProduct } from '@web/features/admin/api/save-product.ts';
import { changedFields } from '@web/features/admin/changed-fields.ts';
import {
  CancelAndSubmit,
  DialogForm,
  FormDialog,
} from '@web/features/admin/components/common/form-dialog.tsx';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { useDraft } from '@web/features/admin/hooks/use-draft.ts';
import { useSchemaIssues } from '@web/features/admin/hooks/use-schema-issues.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { Archive, ArchiveRestore } from 'lucide-react';
import { useId, useState } from 'react';

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
  barcode: string;
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
    barcode: product?.barcode ?? '',
  };
}

/**
 * A typed amount as the schema judges it: blank is null ("no cap"; a unit cost must be typed); a negative number
 * goes as one, which the schema refuses as below 0; text that is no plain decimal (`0x10`, `1e3`, `2,500`) goes
 * as text, which the schema refuses as no number.
 */
export function draftAmount(text: string): number | string | null {
  // "$4.50" or "$1,250.00" as a price is often typed or pasted: the dollar sign is the field's own unit.
  const typed = readTypedDecimal(plainMoneyText(text));
  if (typed.kind === 'empty') return null;
  return typed.kind === 'number' || typed.kind === 'negative' ? typed.value : text.trim();
}

/** Typed text as the values the schema judges. */
function valuesOf(draft: Draft): Record<keyof ProductFields, unknown> {
  const amount = draftAmount;
  return {
    name: draft.name,
    sku: draft.sku,
    unit: draft.unit,
    cafeOrderCategory: draft.cafeOrderCategory,
    orderSubcategory: draft.orderSubcategory,
    maximumStockQuantity: amount(draft.maximumStockQuantity),
    unitCost: amount(draft.unitCost),
    vendor: draft.vendor,
    isDailyCount: draft.isDailyCount,
    barcode: draft.barcode,
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
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      formKey={product?.id ?? 'new'}
      className="sm:max-w-2xl"
    >
      {(close) => <ProductForm product={product} suggestions={suggestions} onDone={close} />}
    </FormDialog>
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
  const [draft, set] = useDraft(() => draftOf(product));
  // The product as the form was opened, not as a refetch behind the open form has it since.
  const [openedAt] = useState(() => product?.updatedAt);
  const { issues, check } = useSchemaIssues();
  const [confirmRetire, setConfirmRetire] = useState(false);
  const save = useSaveProduct();
  const retire = useSaveProduct();
  const listId = useId();
  const retired = product?.retiredAt != null;

  function submit() {
    const values = valuesOf(draft);
    if (!product) {
      const body = check(createProductBodySchema, values);
      if (!body) return;
      save.mutate(
        { id: null, body },
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
    const changed = changedFields(values, valuesOf(draftOf(product)));
    if (Object.keys(changed).length === 0) return onDone();
    // With the product as the form was opened: another administrator's change since is refused, not overwritten.
    const body = check(updateProductBodySchema, { ...changed, expectedUpdatedAt: openedAt });
    if (body) save.mutate({ id: product.id, body }, { onSuccess: onDone });
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
    <DialogForm
      title={product ? `Edit ${product.name}` : 'New product'}
      description="PARs, counts and carts name products by their name, so it must be unique."
      onSubmit={submit}
    >
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
        <FormField
          label="Barcode"
          error={issues.barcode}
          hint="GTIN, UPC or EAN (8, 12, 13 or 14 digits); optional, unique when given."
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={draft.barcode}
              onChange={(event) => set('barcode', event.target.value)}
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
      <OfflineWaitNote waiting={save.isPending} />
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
          <CancelAndSubmit
            onCancel={onDone}
            pending={save.isPending}
            submitLabel={product ? 'Save changes' : 'Create product'}
          />
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
    </DialogForm>
  );
}
