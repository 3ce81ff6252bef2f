import type { Page } from '@playwright/test';
import { chooseLocation, chooseOperation, expect, signIn, test } from './support/app-test.ts';

/*
 * Count Inventory open in two tabs of one browser: they share the outbox, so either tab may save what the other
 * typed. Each tab must end up showing what the server holds. Counts only at the Courthouse Corner Kiosk (DT-03),
 * on a count of its own.
 */

const KIOSK = { code: 'DT-03', name: /Courthouse Corner Kiosk/ };

const pill = (page: Page) => page.getByTestId('autosave-pill');

async function kioskId(page: Page): Promise<number> {
  const response = await page.request.get('/api/user/locations');
  const found = ((await response.json()) as { id: number; code: string }[]).find(
    (one) => one.code === KIOSK.code,
  );
  if (!found) throw new Error(`No location ${KIOSK.code} for this user`);
  return found.id;
}

async function storedCount(page: Page, id: number, label: string): Promise<number | null | undefined> {
  const response = await page.request.get(`/api/inventory?locationId=${id}`);
  const body = (await response.json()) as { items: { productName: string; count: number | null }[] };
  return body.items.find((item) => `Count of ${item.productName}` === label)?.count;
}

async function countShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Count Inventory' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Count of / }).first()).toBeEnabled();
}

/** Signs in as the barista, starts a fresh count at the kiosk and opens it; returns the kiosk's id. */
async function openFreshKioskCount(page: Page): Promise<number> {
  await signIn(page, 'staff');
  const id = await kioskId(page);
  const origin = new URL(test.info().project.use.baseURL as string).origin;
  const started = await page.request.post('/api/count-sessions/start', {
    data: { locationId: id },
    headers: { origin },
  });
  expect(started.ok(), await started.text()).toBe(true);
  await chooseOperation(page, 'Count Inventory');
  await chooseLocation(page, KIOSK.name);
  await countShown(page);
  return id;
}

test.describe('Count Inventory in two tabs', () => {
  test('a tab whose save answers late shows the number the other tab typed after it', async ({ page }) => {
    const id = await openFreshKioskCount(page);
    const first = page.getByRole('textbox', { name: /^Count of / }).first();
    const label = (await first.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^Count of /);

    const other = await page.context().newPage();
    // The new tab opens where the first one is: Count Inventory at the kiosk.
    await other.goto('/');
    await countShown(other);
    await expect(other.getByRole('combobox', { name: 'Select Location' })).toContainText(
      'Courthouse Corner Kiosk',
    );
    const second = other.getByRole('textbox', { name: label, exact: true });

    // The first tab's save reaches the server at once; its answer is held until the second tab's number is stored.
    let answerHeld = () => {};
    const held = new Promise<void>((resolve) => {
      answerHeld = resolve;
    });
    let releaseAnswer = () => {};
    const released = new Promise<void>((resolve) => {
      releaseAnswer = resolve;
    });
    await page.route(
      '**/api/count-sessions/items',
      async (route) => {
        const response = await route.fetch();
        answerHeld();
        await released;
        await route.fulfill({ response });
      },
      { times: 1 },
    );

    await page.bringToFront();
    await first.fill('100');
    await first.press('Tab');
    await held;
    await other.bringToFront();
    // The 100 reaches this tab through the shared outbox first: typed over while it lands, the field would read
    // "100101" (the person types after what they see).
    await expect(second).toHaveValue('100');
    await second.fill('101');
    await second.press('Tab');
    await expect.poll(() => storedCount(page, id, label)).toBe(101);
    await expect(pill(other)).toHaveText('Saved');

    // The first tab, its own save still unanswered, already shows the number the other tab saved.
    await expect(first).toHaveValue('101');
    // Its late answer says 100: the server held that when it answered, but holds 101 now.
    releaseAnswer();
    await page.bringToFront();
    await expect(first).toHaveValue('101');
    await expect(pill(page)).toHaveText('Saved');
    await other.bringToFront();
    await expect(second).toHaveValue('101');
    await expect(pill(other)).toHaveText('Saved');
    expect(await storedCount(page, id, label)).toBe(101);
    await other.close();
  });

  test('a number saved by the other tab is shown in the tab it was typed in', async ({ page }) => {
    const id = await openFreshKioskCount(page);
    const label =
      (await page
        .getByRole('textbox', { name: /^Count of / })
        .nth(1)
        .getAttribute('aria-label')) ?? '';
    const other = await page.context().newPage();
    await other.goto('/');
    await countShown(other);
    const typedHere = other.getByRole('textbox', { name: label, exact: true });

    // This tab's own saves do not get through; the first tab saves the number from the outbox they share.
    await other.route('**/api/count-sessions/items', (route) => route.abort());
    await typedHere.fill('9');
    await typedHere.press('Tab');
    await expect.poll(() => storedCount(page, id, label)).toBe(9);
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue('9');
    await expect(pill(other)).not.toHaveText(/unsaved/);
    await expect(typedHere).toHaveValue('9');
    await other.close();
  });
});
