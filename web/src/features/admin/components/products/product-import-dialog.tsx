import type { AdminProduct, ImportError, ProductImportRow } from '@engine/admin-product-schemas.ts';
import { toCsv } from '@engine/order-csv.ts';
import { PRODUCT_CSV_COLUMNS, planProductImport } from '@engine/product-csv-rows.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@web/components/ui/dialog.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useImportProducts, useProductImportDryRun } from '@web/features/admin/api/import-products.ts';
import { DANGER_TEXT } from '@web/features/admin/components/common/alert-tones.ts';
import { FormDialog } from '@web/features/admin/components/common/form-dialog.tsx';
import { readProductCsvFile } from '@web/features/admin/components/products/product-csv-file.ts';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { formatMoney } from '@web/lib/display-format.ts';
import { CircleAlert, CircleCheck, FileDown, FileSpreadsheet, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useMemo, useState } from 'react';

/** Rows shown in the preview; the counts above it always cover the whole file. */
const PREVIEW_LIMIT = 200;

const FIELD_LABELS: Record<string, string> = {
  name: 'name',
  sku: 'SKU',
  unit: 'unit',
  cafeOrderCategory: 'category',
  orderSubcategory: 'subcategory',
  maximumStockQuantity: 'max stock',
  unitCost: 'unit cost',
  vendor: 'vendor',
  isDailyCount: 'daily count',
};

interface Plan {
  rows: ProductImportRow[];
  errors: ImportError[];
}

interface Picked {
  fileName: string;
  csv: string;
  /** The engine's row rules run in the browser at once; the server's dry run then has the last word. */
  local: Plan;
}

function templateCsv(): string {
  const header = PRODUCT_CSV_COLUMNS.map((column) => column.header);
  const example = [
    'Oat Milk Barista',
    'Dairy & Alternatives',
    'case of 6 × 1L',
    'Plant Milks',
    'OAT-6',
    '21.50',
    '8',
    'Northfield Dairy',
    'yes',
    '4006381333931',
  ];
  return toCsv(header, [example]);
}

function downloadTemplate() {
  const url = URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'products-template.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** What a row will write, to read in one glance. */
function rowEffect(row: ProductImportRow): string {
  if (row.action === 'create') return 'New product';
  if (row.changed.length === 0) return 'No change';
  return `Changes ${row.changed.map((field) => FIELD_LABELS[field] ?? field).join(', ')}`;
}

/**
 * Product CSV import: choose a file, see what it will create and change and every bad row with its line —
 * before anything is written — then import it all at once. Nothing is written while any row is bad.
 */
export function ProductImportDialog({
  open,
  onOpenChange,
  products,
  categories,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  products: readonly AdminProduct[];
  categories: readonly string[];
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} className="sm:max-w-4xl">
      {(close) => <ProductImport products={products} categories={categories} onDone={close} />}
    </FormDialog>
  );
}

function ProductImport({
  products,
  categories,
  onDone,
}: {
  products: readonly AdminProduct[];
  categories: readonly string[];
  onDone: () => void;
}) {
  const inputId = useId();
  const [picked, setPicked] = useState<Picked | null>(null);
  const [readProblem, setReadProblem] = useState<string | null>(null);
  const dryRun = useProductImportDryRun();
  const write = useImportProducts();

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file chosen again (after fixing it) must still trigger a change.
    event.target.value = '';
    dryRun.reset();
    write.reset();
    setPicked(null);
    setReadProblem(null);
    if (!file) return;
    const read = await readProductCsvFile(file);
    if (!read.ok) {
      setReadProblem(read.problem);
      return;
    }
    const { csv } = read;
    setPicked({ fileName: file.name, csv, local: planProductImport(csv, products, categories) });
    dryRun.mutate(csv);
  }

  const plan: Plan | null = dryRun.data ?? picked?.local ?? null;
  const checked = dryRun.isSuccess;
  const summary = useMemo(() => {
    const rows = plan?.rows ?? [];
    const creates = rows.filter((row) => row.action === 'create').length;
    const updates = rows.filter((row) => row.action === 'update' && row.changed.length > 0).length;
    return { creates, updates, unchanged: rows.length - creates - updates, writes: creates + updates };
  }, [plan]);
  const errors = plan?.errors ?? [];
  const canImport = checked && errors.length === 0 && summary.writes > 0 && !write.isPending;

  function runImport() {
    if (!picked) return;
    write.mutate(picked.csv, {
      onSuccess: (result) => {
        toast({
          title: 'Products imported',
          description: `${result.created} created, ${result.updated} updated from ${picked.fileName}.`,
        });
        onDone();
      },
    });
  }

  return (
    <div className="grid gap-5">
      <DialogHeader className="max-sm:px-8">
        <DialogTitle>Import products from CSV</DialogTitle>
        <DialogDescription>
          A row whose name matches a product updates it; any other row creates one. Nothing is written until
          you confirm, and then all rows are written or none.
        </DialogDescription>
      </DialogHeader>

      <div className="flex flex-col gap-3 rounded-[var(--ui-card-radius,var(--radius))] border border-dashed bg-surface p-4 sm:flex-row sm:items-center">
        <FileSpreadsheet aria-hidden className="hidden size-8 shrink-0 text-muted-foreground sm:block" />
        <div className="min-w-0 flex-1 text-sm">
          <p className="font-medium">{picked ? picked.fileName : 'Choose a .csv file'}</p>
          <p className="text-muted-foreground">
            Columns: {PRODUCT_CSV_COLUMNS.map((c) => (c.required ? `${c.header}*` : c.header)).join(', ')}. *
            required.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="ghost" onClick={downloadTemplate}>
            <FileDown aria-hidden />
            Template
          </Button>
          {/* The native file input stays the control (keyboard, screen readers); the label gives it a button's look. */}
          <Button asChild variant="outline">
            <label className="cursor-pointer focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2">
              <Upload aria-hidden />
              {picked ? 'Choose another file' : 'Choose file'}
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                aria-label="CSV file"
                className="sr-only"
                onChange={choose}
              />
            </label>
          </Button>
        </div>
      </div>

      {readProblem ? (
        <Alert variant="destructive" className={DANGER_TEXT}>
          <CircleAlert aria-hidden />
          <AlertTitle>{readProblem}</AlertTitle>
        </Alert>
      ) : null}

      {picked && plan ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
            <Badge variant="secondary">{summary.creates} new</Badge>
            <Badge variant="secondary">{summary.updates} updated</Badge>
            {summary.unchanged > 0 ? <Badge variant="outline">{summary.unchanged} unchanged</Badge> : null}
            {errors.length > 0 ? (
              <Badge variant="destructive">
                {errors.length} problem{errors.length === 1 ? '' : 's'}
              </Badge>
            ) : null}
            {dryRun.isPending ? <Spinner label="Checking the file with the server" showLabel /> : null}
            {checked && errors.length === 0 ? (
              <span className="inline-flex items-center gap-1.5 text-green-800">
                <CircleCheck aria-hidden className="size-4" />
                Checked — ready to import
              </span>
            ) : null}
          </div>

          {dryRun.isError ? (
            <Alert variant="destructive" className={DANGER_TEXT}>
              <CircleAlert aria-hidden />
              <AlertTitle>The file could not be checked</AlertTitle>
              <AlertDescription>{errorMessageForPerson(dryRun.error)}</AlertDescription>
            </Alert>
          ) : null}

          {errors.length > 0 ? (
            <section aria-labelledby={`${inputId}-problems`}>
              <Alert variant="destructive" className={DANGER_TEXT} live={checked ? 'alert' : 'none'}>
                <CircleAlert aria-hidden />
                <AlertTitle id={`${inputId}-problems`}>
                  {errors.length === 1 ? '1 row needs fixing' : `${errors.length} problems need fixing`} —
                  nothing will be imported
                </AlertTitle>
                <AlertDescription>
                  <p>Fix the file and choose it again.</p>
                  <ul
                    aria-label="Problems in the file"
                    className="mt-1 grid max-h-64 w-full gap-1 overflow-y-auto"
                  >
                    {errors.map((error) => (
                      <li key={`${error.line}:${error.message}`} className="flex gap-2 text-foreground">
                        <span className="shrink-0 font-mono text-xs leading-5">Line {error.line}</span>
                        <span>{error.message}</span>
                      </li>
                    ))}
                  </ul>
                </AlertDescription>
              </Alert>
            </section>
          ) : null}

          {plan.rows.length > 0 ? (
            <div className="relative max-h-[22rem] overflow-auto rounded-[var(--ui-card-radius,var(--radius))] border">
              <table className="w-full min-w-[36rem] border-collapse text-sm" aria-label="Rows to import">
                <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Line
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Product
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Category
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Unit
                    </th>
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Cost
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Effect
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {plan.rows.slice(0, PREVIEW_LIMIT).map((row) => (
                    <tr key={row.line} className="border-t">
                      <td className="px-3 py-2 font-mono text-xs text-muted-foreground">{row.line}</td>
                      <td className="px-3 py-2 font-medium">{row.product.name}</td>
                      <td className="px-3 py-2">{row.product.cafeOrderCategory}</td>
                      <td className="px-3 py-2">{row.product.unit}</td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {formatMoney(row.product.unitCost)}
                      </td>
                      <td className="px-3 py-2">
                        <span className={row.action === 'create' ? 'text-primary' : 'text-muted-foreground'}>
                          {rowEffect(row)}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {plan.rows.length > PREVIEW_LIMIT ? (
                <p className="border-t px-3 py-2 text-xs text-muted-foreground">
                  And {plan.rows.length - PREVIEW_LIMIT} more rows.
                </p>
              ) : null}
            </div>
          ) : null}

          {checked && errors.length === 0 && summary.writes === 0 ? (
            <Alert variant="info" live="status">
              <CircleCheck aria-hidden />
              <AlertTitle>Nothing to import</AlertTitle>
              <AlertDescription>Every product in this file already matches the catalogue.</AlertDescription>
            </Alert>
          ) : null}

          {write.isError ? (
            <Alert variant="destructive" className={DANGER_TEXT}>
              <CircleAlert aria-hidden />
              <AlertTitle>Nothing was imported</AlertTitle>
              <AlertDescription>{errorMessageForPerson(write.error)}</AlertDescription>
            </Alert>
          ) : null}
        </div>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" disabled={!canImport} onClick={runImport}>
          {!plan || summary.writes === 0
            ? 'Import products'
            : summary.writes === 1
              ? 'Import 1 product'
              : `Import ${summary.writes} products`}
        </Button>
      </DialogFooter>
    </div>
  );
}
