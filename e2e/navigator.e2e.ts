import { readFile } from 'node:fs/promises';
import { REPORT_NAMES, REPORTS } from '@engine/reports/report-definitions.ts';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './support/app-test.ts';
import { cafesToday } from './support/cafes-today.ts';

// Reads only, but for one PAR applied from PAR health at Maple Park (NS-01), where no other browser test sets
// PARs, and put back at the end, so the shared demo database is left as other tests expect it.

const table = (page: Page, title: string) => page.getByRole('region', { name: `${title} table` });

/** The table's caption says how many rows the report has (the screen draws the first hundred). */
async function rowCount(page: Page, title: string): Promise<number> {
  const caption = await table(page, title).locator('caption').textContent();
  return Number(/(\d+) rows/.exec(caption ?? '')?.[1] ?? Number.NaN);
}

function localDay(offset = 0): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

test.describe('Navigator', () => {
  test('opens each report with its chart and table, and downloads the table as CSV', async ({ page }) => {
    test.slow();
    await signIn(page, 'district', '/navigator');
    for (const name of REPORT_NAMES) {
      const { title, columns } = REPORTS[name];
      const tab = page.getByRole('tab', { name: title });
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      // The first report is the default: a bare /navigator shows it.
      if (name !== REPORT_NAMES[0]) await expect(page).toHaveURL(new RegExp(`report=${name}`));
      await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
      await expect(page.getByRole('figure', { name: new RegExp(`^${title} chart`) })).toBeVisible();
      await expect(table(page, title)).toBeVisible();
      const rows = await rowCount(page, title);
      expect(rows).toBeGreaterThan(0);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(
        new RegExp(`^parstock-${name}-\\d{4}-\\d{2}-\\d{2}-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
      );
      const csv = await readFile((await file.path()) as string, 'utf8');
      const lines = csv.split('\r\n');
      // The byte-order mark first: Excel reads the file as UTF-8 only with it.
      expect(lines[0]).toBe(`\uFEFF${columns.map((column) => column.header).join(',')}`);
      // Header, one line per row, and the final line end.
      expect(lines.length).toBe(rows + 2);
    }
  });

  test('the range and café go to the URL, narrow the report, and a bookmark opens the same view', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'district', '/navigator?report=order-spend');
    const title = REPORTS['order-spend'].title;
    await expect(table(page, title)).toBeVisible();
    const wholeRange = await rowCount(page, title);

    await page.getByLabel('From').fill(localDay(-8));
    await expect(page).toHaveURL(new RegExp(`from=${localDay(-8)}`));
    await expect.poll(() => rowCount(page, title)).toBeLessThan(wholeRange);

    await page.getByLabel('Café').click();
    await page.getByRole('option', { name: /Harbor Street Café/ }).click();
    await expect(page).toHaveURL(/locations=/);
    await expect(page.getByText(/, Harbor Street Café\.$/)).toBeVisible();
    const cells = table(page, title).locator('tbody tr td:nth-child(2)');
    await expect(cells.first()).toHaveText('DT-01');
    expect(new Set(await cells.allTextContents())).toEqual(new Set(['DT-01']));

    const bookmark = page.url();
    await page.goto('/');
    await page.goto(bookmark);
    await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('From')).toHaveValue(localDay(-8));
    await expect(page.getByLabel('Café')).toContainText('Harbor Street Café');
  });
});

test.describe('Navigator by district', () => {
  test('a district narrows the report to its cafés, goes to the URL, and a bookmark reopens it', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, 'admin', '/navigator?report=count-compliance');
    const title = REPORTS['count-compliance'].title;
    await expect(table(page, title)).toBeVisible();
    await page.getByLabel('District').click();
    await page.getByRole('option', { name: /^Northside/ }).click();
    await expect(page).toHaveURL(/district=\d+/);
    await expect(page).not.toHaveURL(/locations=/);
    await expect(page.getByText(/, 3 cafés\.$/)).toBeVisible();
    const cafes = table(page, title).locator('tbody tr td:nth-child(2)');
    await expect(cafes.first()).toHaveText(/^NS-0\d$/);
    expect(new Set(await cafes.allTextContents())).toEqual(new Set(['NS-01', 'NS-02', 'NS-03']));
    await page.screenshot({ path: test.info().outputPath('navigator-district-desktop.png') });

    // The café list now holds the district's cafés only.
    await page.getByLabel('Café').click();
    const options = page.getByRole('option', { name: /· (DT|NS)-0\d$/ });
    await expect(options).toHaveCount(3);
    expect((await options.allTextContents()).map((text) => text.slice(-5)).sort()).toEqual([
      'NS-01',
      'NS-02',
      'NS-03',
    ]);
    await page.keyboard.press('Escape');

    const bookmark = page.url();
    await page.goto('/');
    await page.goto(bookmark);
    await expect(page.getByLabel('District')).toContainText('Northside');
    expect(new Set(await cafes.allTextContents())).toEqual(new Set(['NS-01', 'NS-02', 'NS-03']));

    // Picking a café replaces the district.
    await page.getByLabel('Café').click();
    await page.getByRole('option', { name: /Lakeview Commons/ }).click();
    await expect(page).toHaveURL(/locations=/);
    await expect(page).not.toHaveURL(/district=/);
    await expect(page.getByLabel('District')).toContainText('All my districts');
  });
});

test.describe('Navigator PAR health', () => {
  test('a suggested PAR is applied through Set PARs, and shows as the café’s PAR', async ({ page }) => {
    test.slow();
    await signIn(page, 'admin', '/navigator?report=par-health');
    const title = REPORTS['par-health'].title;
    await page.getByLabel('Café').click();
    await page.getByRole('option', { name: /Maple Park Roastery Café/ }).click();
    await expect(page.getByText(/, Maple Park Roastery Café\.$/)).toBeVisible();
    await expect(page.getByRole('figure', { name: new RegExp(`^${title} chart`) })).toBeVisible();

    const box = table(page, title).getByRole('checkbox').first();
    const label = (await box.getAttribute('aria-label')) ?? '';
    const [, suggested, product] = /^Apply suggested PAR ([\d.]+) for (.+) at NS-01$/.exec(label) ?? [];
    expect(product, label).toBeTruthy();
    const search = new URL(page.url()).searchParams;
    const reportUrl = `/api/reports/par-health?${search.toString().replace(/(^|&)report=[^&]*/, '')}`;
    const rowOf = async () => {
      const body = (await (await page.request.get(reportUrl)).json()) as {
        rows: { product: string; par: number; locationId: number; productId: number }[];
      };
      const found = body.rows.find((row) => row.product === product);
      if (!found) throw new Error(`${product} is not in PAR health`);
      return found;
    };
    const before = await rowOf();
    expect(before.par).not.toBe(Number(suggested));

    try {
      await box.check();
      await page.getByRole('button', { name: 'Apply 1 suggested PAR' }).click();
      await expect(page.getByRole('status').filter({ hasText: '1 applied.' })).toBeVisible();
      // Said above the table: the row itself moves once its verdict changes.
      await expect(page.getByRole('list', { name: 'Applied suggestions' })).toHaveText(
        `${product} at NS-01: PAR now ${suggested}.`,
      );
      expect((await rowOf()).par).toBe(Number(suggested));
    } finally {
      // Put Maple Park's PAR back as it was, through the same route.
      const undo = await page.request.patch('/api/pars', {
        data: { locationId: before.locationId, items: [{ productId: before.productId, par: before.par }] },
        headers: { origin: new URL(test.info().project.use.baseURL as string).origin },
      });
      expect(undo.ok(), await undo.text()).toBe(true);
    }
    expect((await rowOf()).par).toBe(before.par);
  });
});

test.describe('Navigator with a bad value in the address', () => {
  test('each bad value falls back to its default and the page opens', async ({ page }) => {
    test.slow();
    const title = REPORTS['inventory-value'].title;
    await signIn(page, 'manager', '/');
    const [defaultFrom, defaultTo] = [await cafesToday(page, -27), await cafesToday(page)];
    for (const query of [
      'report=bogus',
      'locations=abc',
      'from=xx',
      'from=2026-13-45',
      'to=2026-02-30',
      'report=bogus&locations=abc&from=xx&to=2026-13-45&district=north',
    ]) {
      await page.goto(`/navigator?${query}`);
      await expect(page.getByRole('tab', { name: title })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByLabel('From', { exact: true })).toHaveValue(defaultFrom);
      await expect(page.getByLabel('To', { exact: true })).toHaveValue(defaultTo);
      await expect(table(page, title)).toBeVisible();
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
    }
  });
});

test.describe('Navigator refusing a café', () => {
  // The refusal is the browser's own console line for the 403.
  test.use({ allowedConsoleErrors: [/status of 403/] });

  test('a café of another district is refused, and the screen says so instead of showing figures', async ({
    page,
  }) => {
    await signIn(page, 'manager', '/navigator?locations=999999');
    await expect(page.getByText('Inventory value could not load')).toBeVisible();
    await expect(table(page, REPORTS['inventory-value'].title)).toHaveCount(0);
  });
});

test.describe('a browser a day ahead of every café', () => {
  test('Navigator and the District Ops Tracker take the cafés’ today, not tomorrow', async ({ browser }) => {
    // 22:30 on 7 December in New York, where the demo's cafés are; already 17:30 on 8 December in Kiritimati.
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      timezoneId: 'Pacific/Kiritimati',
    });
    try {
      const page = await context.newPage();
      await page.clock.setFixedTime(new Date('2026-12-08T03:30:00Z'));
      await signIn(page, 'district', '/navigator');
      await expect(page.getByLabel('To', { exact: true })).toHaveValue('2026-12-07');
      await page.goto('/ops-tracker');
      await expect(page.getByLabel('Day shown')).toHaveValue('2026-12-07');
      // Told on the cafés' clock, named, as their cells' times are: not Kiritimati's afternoon.
      await expect(
        page.getByRole('status').filter({ hasText: /^Today · updated Dec 7, 2026, \d{1,2}:\d\d [AP]M EST/ }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
});

test.describe('Navigator on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

  test('every report fits the width; its table scrolls inside its own region', async ({ page }) => {
    await signIn(page, 'district', '/navigator');
    for (const name of REPORT_NAMES) {
      await page.getByRole('tab', { name: REPORTS[name].title }).click();
      await expect(table(page, REPORTS[name].title)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    }
  });

  test("a report's figure is in view beside its names, with no sideways scroll to reach it", async ({
    page,
  }) => {
    await signIn(page, 'district', '/navigator');
    const title = REPORTS['inventory-value'].title;
    const region = table(page, title);
    await expect(region.locator('tbody tr').first()).toBeVisible();
    const valueHeader = region.getByRole('columnheader', { name: 'Value' });
    // Names wrap instead of pushing the figures out: the Value column ends inside the table's region.
    const [box, column] = [await region.boundingBox(), await valueHeader.boundingBox()];
    // (Columns after it, the count's time and the café's name, are still reached by scrolling the table.)
    expect(column && box && column.x + column.width).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
    // A date never breaks.
    const date = region.locator('tbody tr td').first();
    const dateLines = await date.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getClientRects().length;
    });
    expect(dateLines).toBe(1);
  });

  test('the district picker fits too, and narrows the report', async ({ page }) => {
    await signIn(page, 'admin', '/navigator?report=order-spend');
    await page.getByLabel('District').click();
    await page.getByRole('option', { name: /^Downtown/ }).click();
    await expect(page).toHaveURL(/district=\d+/);
    const title = REPORTS['order-spend'].title;
    await expect(table(page, title).locator('tbody tr td:nth-child(2)').first()).toHaveText(/^DT-0\d$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: test.info().outputPath('navigator-district-phone.png') });
  });
});
