import type { APIRequestContext } from '@playwright/test';
import { expect, signIn, test } from './support/app-test.ts';

/* Products made here have names unique to the run; they are retired again at the end. */

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

function csvFile(lines: string[]) {
  return { name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(`${lines.join('\r\n')}\r\n`) };
}

interface ListedProduct {
  id: number;
  name: string;
  retiredAt: string | null;
}

async function productsNamed(request: APIRequestContext, fragment: string): Promise<ListedProduct[]> {
  const response = await request.get('/api/admin/products');
  expect(response.status()).toBe(200);
  return ((await response.json()) as ListedProduct[]).filter((product) => product.name.includes(fragment));
}

async function retire(request: APIRequestContext, products: ListedProduct[]): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  for (const product of products) {
    await request.patch(`/api/admin/products/${product.id}`, {
      data: { retired: true },
      headers: { origin },
    });
  }
}

test.describe('admin: products', () => {
  test('a CSV with bad rows lists every bad line and writes nothing; a good file then imports', async ({
    page,
  }) => {
    const stamp = unique();
    await signIn(page, 'admin', '/admin/products');
    try {
      await page.getByRole('button', { name: 'Import CSV' }).click();
      const dialog = page.getByRole('dialog', { name: 'Import products from CSV' });

      const dryRun = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/products/import');
      await dialog
        .getByLabel('CSV file')
        .setInputFiles(
          csvFile([
            'name,category,unit,unit_cost',
            `E2E Scone ${stamp},Bakery,each,1.50`,
            ',Bakery,each,2',
            `E2E Tea ${stamp},Tea,box,abc`,
            `E2E Scone ${stamp},Bakery,dozen,9`,
          ]),
        );
      expect((await dryRun).status()).toBe(200);
      const problems = dialog.getByRole('list', { name: 'Problems in the file' });
      await expect(problems.getByRole('listitem')).toHaveText([
        /Line 3\s*name must not be empty/,
        /Line 4\s*unit_cost must be a number \(got 'abc'\)/,
        new RegExp(`Line 5\\s*name 'E2E Scone ${stamp}' is already on line 2`),
      ]);
      await expect(dialog.getByText('3 problems need fixing — nothing will be imported')).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
      // The good row is previewed, and nothing reached the catalogue.
      await expect(dialog.getByRole('table', { name: 'Rows to import' })).toContainText(`E2E Scone ${stamp}`);
      expect(await productsNamed(page.request, stamp)).toEqual([]);

      await dialog
        .getByLabel('CSV file')
        .setInputFiles(
          csvFile([
            'name,category,unit,subcategory,unit_cost,maximum_stock_quantity,is_daily_count',
            `E2E Scone ${stamp},Bakery,each,Pastries,1.50,24,yes`,
            `E2E Tea ${stamp},tea,box of 20,,6.25,,no`,
          ]),
        );
      await expect(dialog.getByText('Checked — ready to import')).toBeVisible();
      await expect(problems).toHaveCount(0);
      const preview = dialog.getByRole('table', { name: 'Rows to import' });
      await expect(preview.getByRole('row')).toHaveCount(3);
      // "tea" files under the existing category's spelling.
      await expect(preview.getByRole('row', { name: new RegExp(`E2E Tea ${stamp}`) })).toContainText('Tea');
      await dialog.getByRole('button', { name: 'Import 2 products' }).click();
      await expect(dialog).toBeHidden();
      await expect(
        page.getByRole('region', { name: /Notifications/ }).getByText(/2 created, 0 updated/),
      ).toBeVisible();

      await page.getByRole('searchbox', { name: 'Search products' }).fill(stamp);
      const table = page.getByRole('table', { name: 'Products' });
      await expect(table.getByRole('row', { name: new RegExp(`E2E Scone ${stamp}`) })).toContainText(
        'Pastries',
      );
      await expect(table.getByRole('row', { name: new RegExp(`E2E Tea ${stamp}`) })).toContainText('$6.25');
      expect((await productsNamed(page.request, stamp)).map((p) => p.name).sort()).toEqual([
        `E2E Scone ${stamp}`,
        `E2E Tea ${stamp}`,
      ]);
    } finally {
      await retire(page.request, await productsNamed(page.request, stamp));
    }
  });

  test('a product is created, edited, retired and brought back', async ({ page }) => {
    const stamp = unique();
    const name = `E2E Muffin ${stamp}`;
    await signIn(page, 'admin', '/admin/products');
    try {
      await page.getByRole('button', { name: 'New product' }).click();
      const form = page.getByRole('dialog', { name: 'New product' });
      await form.getByLabel('Name', { exact: true }).fill(name);
      await form.getByLabel('Unit', { exact: true }).fill('each');
      await form.getByLabel('Category', { exact: true }).fill('Bakery');
      await form.getByLabel('Unit cost ($)').fill('1.005');
      await form.getByRole('button', { name: 'Create product' }).click();
      // The engine's amount rule, before anything is sent.
      await expect(form.getByText('Unit cost must have at most 2 decimal places')).toBeVisible();
      await form.getByLabel('Unit cost ($)').fill('1.25');
      await form.getByRole('button', { name: 'Create product' }).click();
      await expect(form).toBeHidden();

      await page.getByRole('searchbox', { name: 'Search products' }).fill(stamp);
      const row = page.getByRole('table', { name: 'Products' }).getByRole('row', { name: new RegExp(name) });
      await expect(row).toContainText('$1.25');

      await row.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit ${name}` });
      await edit.getByLabel('Max stock').fill('12');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toBeHidden();
      await expect(row).toContainText('12');

      await row.getByRole('button', { name: `Edit ${name}` }).click();
      await edit.getByRole('button', { name: 'Retire' }).click();
      await page
        .getByRole('alertdialog', { name: `Retire ${name}?` })
        .getByRole('button', { name: 'Retire' })
        .click();
      await expect(edit).toBeHidden();
      await expect(page.getByText('No product matches these filters.')).toBeVisible();

      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Retired' }).click();
      await expect(row).toContainText('Retired');
      await row.getByRole('button', { name: `Edit ${name}` }).click();
      await edit.getByRole('button', { name: 'Unretire' }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByText('No product matches these filters.')).toBeVisible();
    } finally {
      await retire(page.request, await productsNamed(page.request, stamp));
    }
  });
});
