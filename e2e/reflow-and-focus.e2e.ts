import { cartSchema } from '@engine/cart-schemas.ts';
import { orderDetailSchema } from '@engine/order-schemas.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { answerJson, apiAs, baseUrl, marketHallId } from './support/api-as.ts';
import { chooseLocation, chooseOperation, type DemoRole, expect, signIn, test } from './support/app-test.ts';
import { clippedButtons } from './support/axe.ts';

/*
 * What the accessibility review found in a real browser: larger browser text and short viewports (WCAG 1.4.4,
 * 1.4.10, 2.4.11), the focus after actions that remove or disable the focused control (2.4.3), and the District
 * Ops Tracker's levels in forced colours (1.4.1). The counting screens are only opened and read; the cart and
 * approvals are set up at Market Hall Coffee Bar (DT-02), as the ordering tests do.
 */

const HARBOR = /Harbor Street Café/;
const MARKET_HALL = /Market Hall Coffee Bar/;

async function openOperation(page: Page, operation: string, role: DemoRole = 'manager'): Promise<void> {
  await signIn(page, role);
  await chooseOperation(page, operation);
  await chooseLocation(page, HARBOR);
  await expect(page.getByRole('heading', { level: 1, name: operation })).toBeVisible();
  await expect(page.getByTestId('autosave-pill')).toHaveText('Ready');
  await expect(page.getByText('Loading more inventory...')).toBeHidden();
}

/** Words broken inside themselves across two lines ("Invento / ry") in the element's text. */
function wordsBrokenIn(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);
}

async function expectNextInside(page: Page, width: number): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Category navigation' });
  for (const name of [/^Previous/, /^Next/]) {
    const box = await nav.getByRole('button', { name }).boundingBox();
    expect(box, `${name} has a box`).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0), `${name} ends inside the screen`).toBeLessThanOrEqual(width);
  }
}

test.describe('a 390 px phone with the browser text at 24 px (WCAG 1.4.4, 1.4.10)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test.beforeEach(async ({ page }) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 24, fixed: 20 } });
  });

  test('Count Inventory: Next on the screen, the top bar’s words whole, the title unbroken', async ({
    page,
  }) => {
    await openOperation(page, 'Count Inventory');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNextInside(page, 390);
    expect(await clippedButtons(page)).toEqual([]);
    expect(await wordsBrokenIn(page, 'h1, h2')).toEqual([]);
    for (const name of ['Start Count', 'Submit Count', 'Clear Counts']) {
      await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
    }
  });

  test("Nightly Counts: '(today)' stays on the screen, which does not scroll sideways", async ({ page }) => {
    await openOperation(page, 'Nightly Counts');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByText('(today)')).toBeInViewport({ ratio: 1 });
    await expectNextInside(page, 390);
    expect(await wordsBrokenIn(page, 'h1')).toEqual([]);
  });
});

/** Whether no part of the focused control can be seen: outside the window, or under something drawn over it. */
function focusedHidden(page: Page): Promise<{ name: string; hidden: boolean } | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    let seen = 0;
    for (const fx of [0.1, 0.5, 0.9]) {
      for (const fy of [0.1, 0.5, 0.9]) {
        const x = box.left + box.width * fx;
        const y = box.top + box.height * fy;
        if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue;
        const top = document.elementFromPoint(x, y);
        const labels = 'labels' in focused ? [...((focused as HTMLInputElement).labels ?? [])] : [];
        if (
          top &&
          (focused.contains(top) || top.contains(focused) || labels.some((label) => label.contains(top)))
        ) {
          seen += 1;
        }
      }
    }
    return {
      name: focused.getAttribute('aria-label') ?? focused.textContent?.trim() ?? '',
      hidden: seen === 0,
    };
  });
}

test.describe('short viewports: a focused control is not hidden by the bars (WCAG 2.4.11)', () => {
  test.describe('320 × 225, a 1280 px window zoomed to 400 %', () => {
    test.use({ viewport: { width: 320, height: 225 } });

    test('none of the first 40 Tab stops of Count Inventory is hidden behind the header or the category bar', async ({
      page,
    }) => {
      await openOperation(page, 'Count Inventory');
      const hidden: string[] = [];
      for (let step = 0; step < 40; step += 1) {
        await page.keyboard.press('Tab');
        const focused = await focusedHidden(page);
        if (focused?.hidden) hidden.push(focused.name);
      }
      expect(hidden).toEqual([]);
      // The page still fits the width it must reflow to.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  });

  test.describe('640 × 450, a 1280 × 900 window zoomed to 200 %', () => {
    test.use({ viewport: { width: 640, height: 450 } });

    test("'Show uncounted only' is seen when the keyboard reaches it", async ({ page }) => {
      await openOperation(page, 'Count Inventory');
      const toggle = page.getByRole('checkbox', { name: 'Show uncounted only' });
      for (
        let step = 0;
        step < 40 && !(await toggle.evaluate((box) => box === document.activeElement));
        step += 1
      ) {
        await page.keyboard.press('Tab');
      }
      await expect(toggle).toBeFocused();
      expect(await focusedHidden(page)).toEqual({ name: expect.any(String), hidden: false });
    });
  });
});

test.describe('the focus after an action (WCAG 2.4.3)', () => {
  test('Next onto the last category gives the focus to Previous', async ({ page }) => {
    await openOperation(page, 'Count Inventory');
    const nav = page.getByRole('navigation', { name: 'Category navigation' });
    const next = nav.getByRole('button', { name: /^Next/ });
    await next.focus();
    for (let step = 0; step < 30 && (await next.isEnabled()); step += 1) {
      await page.keyboard.press('Enter');
    }
    await expect(next).toBeDisabled();
    await expect(nav.getByRole('button', { name: /^Previous/ })).toBeFocused();
  });

  test("'Submit the count with gaps?' gives the focus back to Submit Count, on Escape and after 'Submit count anyway'", async ({
    page,
  }) => {
    // A fresh count at the kiosk, as the counting tests make one, with a single product counted: gaps are left.
    await signIn(page, 'staff');
    const locations = (await (await page.request.get('/api/user/locations')).json()) as {
      id: number;
      code: string;
    }[];
    const kiosk = locations.find((location) => location.code === 'DT-03');
    if (!kiosk) throw new Error('The demo seed has no DT-03 for staff');
    const origin = new URL(baseUrl()).origin;
    const started = await page.request.post('/api/count-sessions/start', {
      data: { locationId: kiosk.id },
      headers: { origin },
    });
    expect(started.ok(), await started.text()).toBe(true);
    await chooseOperation(page, 'Count Inventory');
    await chooseLocation(page, /Courthouse Corner Kiosk/);
    const field = page.getByRole('textbox', { name: /^Count of / }).first();
    await expect(field).toBeEnabled();
    await field.fill('1');
    await expect(page.getByTestId('autosave-pill')).toHaveText(/Saved|Ready/);

    const submit = page.getByRole('button', { name: 'Submit Count', exact: true });
    // Marked aria-disabled until the count's status is read.
    await expect(submit).toBeEnabled();
    const dialog = page.getByRole('alertdialog', { name: 'Submit the count with gaps?' });
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(submit).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    // The list of gaps scrolls, and the keyboard reaches it.
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('region', { name: 'Gaps by category' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Submit count anyway' }).click();
    await expect(page.getByTestId('count-completed')).toBeVisible();
    await expect(submit).toBeFocused();
  });
});

/** Puts the first `count` active products with a PAR on Market Hall's cart, as the Shopping List would. */
async function fillCart(api: APIRequestContext, locationId: number, count: number) {
  await answerJson(await api.delete(`/api/cart/${locationId}`));
  const { items } = (await answerJson(await api.get(`/api/inventory?locationId=${locationId}`))) as {
    items: { productId: number; par: number; lifecycle: string }[];
  };
  const products = items.filter((item) => item.lifecycle === 'active' && item.par >= 2).slice(0, count);
  return cartSchema.parse(
    await answerJson(
      await api.put(`/api/cart/${locationId}/items`, {
        data: {
          items: products.map((product, index) => ({ productId: product.productId, quantity: index + 1 })),
        },
      }),
    ),
  );
}

test.describe('View Cart', () => {
  test('Remove gives the focus to the next line’s Remove and says what was removed; the last one to the title', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, 'manager');
    const cart = await fillCart(api, await marketHallId(api), 2);
    const [first, second] = cart.lines;
    if (!first || !second) throw new Error('Market Hall has fewer than two products to order');
    await signIn(page, 'manager');
    await chooseLocation(page, MARKET_HALL);
    await page.goto('/order-confirmation');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);

    const removeFirst = page.getByRole('button', { name: `Remove ${first.productName}`, exact: true });
    await removeFirst.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(
      page.getByRole('button', { name: `Remove ${second.productName}`, exact: true }),
    ).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `Removed ${first.productName}` })).toBeAttached();

    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'View Cart' })).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: `Removed ${second.productName}` }),
    ).toBeAttached();
  });

  test('minus down to 0, or a 0 typed and left, removes the line as Remove does: saved, said, the focus moved on', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, 'manager');
    const locationId = await marketHallId(api);
    const cart = await fillCart(api, locationId, 3);
    const [first, second, third] = cart.lines;
    if (!first || !second || !third) throw new Error('Market Hall has fewer than three products to order');
    expect(first.quantity).toBe(1);
    await signIn(page, 'manager');
    await chooseLocation(page, MARKET_HALL);
    await page.goto('/order-confirmation');
    await expect(page.getByTestId('cart-line')).toHaveCount(3);

    const decrease = page.getByRole('button', {
      name: `Decrease quantity of ${first.productName}`,
      exact: true,
    });
    await decrease.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await expect(
      page.getByRole('button', { name: `Remove ${second.productName}`, exact: true }),
    ).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: `Removed ${first.productName}` })).toBeAttached();

    await page.getByRole('textbox', { name: `Quantity of ${second.productName}`, exact: true }).fill('0');
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(
      page.getByRole('button', { name: `Remove ${third.productName}`, exact: true }),
    ).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: `Removed ${second.productName}` }),
    ).toBeAttached();

    const stored = cartSchema.parse(await answerJson(await api.get(`/api/cart/${locationId}`)));
    expect(stored.lines.map((line) => line.productName)).toEqual([third.productName]);
  });

  test('Submit Order gives the focus to the notice naming the order', async ({ page, playwright }) => {
    const api = await apiAs(playwright, 'manager');
    await fillCart(api, await marketHallId(api), 2);
    await signIn(page, 'manager');
    await chooseLocation(page, MARKET_HALL);
    await page.goto('/order-confirmation');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    await page.getByRole('button', { name: 'Submit Order' }).focus();
    await page.keyboard.press('Enter');
    const notice = page.getByTestId('submitted-order');
    await expect(notice).toContainText(/Order DT-02-\d{8}-\d{4} submitted/);
    await expect
      .poll(() =>
        notice.evaluate(
          (element) =>
            document.activeElement !== document.body && document.activeElement?.contains(element) === true,
        ),
      )
      .toBe(true);
  });

  test('a category is heard as "Name, N items", not as one run-together word', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, 'manager');
    const cart = await fillCart(api, await marketHallId(api), 1);
    const line = cart.lines[0];
    if (!line) throw new Error('Market Hall has no product to order');
    await signIn(page, 'manager');
    await chooseLocation(page, MARKET_HALL);
    await page.goto('/order-confirmation');
    // Chrome's name has a space before the comma (the hidden comma is a box of its own): not heard, unlike a pause.
    const category = line.category.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page.getByRole('region', { name: new RegExp(`^${category} ?, 1 item$`) })).toBeVisible();
  });
});

test.describe('Approvals', () => {
  test('after Approve, the focus goes to the next order’s card, and to the heading once none is left', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, 'manager');
    const locationId = await marketHallId(api);
    const submitted = [];
    for (let index = 0; index < 2; index += 1) {
      await fillCart(api, locationId, 1 + index);
      const response = await api.post('/api/orders', {
        data: { locationId },
        headers: { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
      });
      submitted.push(
        orderDetailSchema.parse(((await answerJson(response, 201)) as { order: unknown }).order),
      );
    }
    await signIn(page, 'district', `/approvals?location=${locationId}`);
    const cards = page.getByTestId('approval-order');
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(2);
    // Each approval in turn, from the first card: the focus moves down the list, then to its heading.
    for (let left = count; left > 0; left -= 1) {
      const card = cards.first();
      const number =
        (await card.getByRole('heading', { level: 2 }).getByRole('link').textContent())?.trim() ?? '';
      await card.getByRole('button', { name: `Approve order ${number}` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Approve order ${number}?` });
      await dialog.getByRole('button', { name: 'Approve order' }).click();
      await expect(dialog).toBeHidden();
      await expect(cards).toHaveCount(left - 1);
      if (left > 1) await expect(cards.first()).toBeFocused();
      else await expect(page.getByRole('heading', { level: 2, name: 'Nothing to approve' })).toBeFocused();
    }
    expect(submitted).toHaveLength(2);
  });

  test('after "Approve selected", the focus goes to the summary of what was approved', async ({
    page,
    playwright,
  }) => {
    const api = await apiAs(playwright, 'manager');
    const locationId = await marketHallId(api);
    for (let index = 0; index < 2; index += 1) {
      await fillCart(api, locationId, 1 + index);
      await answerJson(
        await api.post('/api/orders', {
          data: { locationId },
          headers: { 'Idempotency-Key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
        }),
        201,
      );
    }
    await signIn(page, 'district', `/approvals?location=${locationId}`);
    await expect(page.getByTestId('approval-order').first()).toBeVisible();
    await page.getByLabel('Select all').check();
    const approveSelected = page.getByRole('button', { name: /^Approve selected/ });
    await approveSelected.focus();
    await page.keyboard.press('Enter');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Approve/ })
      .last()
      .click();
    const summary = page
      .getByRole('status')
      .filter({ has: page.getByRole('list', { name: 'Bulk approval results' }) });
    await expect(summary).toBeFocused();
  });
});

test.describe('District Ops Tracker in forced colours (WCAG 1.4.1)', () => {
  test.use({ colorScheme: 'light' });

  test('each level keeps a shape of its own, drawn in the text colour, in the cells, beside each café and in the legend', async ({
    page,
  }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    await signIn(page, 'district', '/ops-tracker');
    await expect(page.getByText('How each cell is coloured')).toBeVisible();
    const marks = page.locator('svg[data-rag-mark]');
    await expect(marks.first()).toBeVisible();
    const drawn = await marks.evaluateAll((svgs) =>
      svgs.map((svg) => ({
        rag: svg.getAttribute('data-rag-mark'),
        shape: svg.innerHTML,
        stroke: getComputedStyle(svg).stroke,
        width: svg.getBoundingClientRect().width,
      })),
    );
    // Three levels, three shapes, each always drawn the same way.
    const shapes = new Map<string | null, Set<string>>();
    for (const mark of drawn) shapes.set(mark.rag, (shapes.get(mark.rag) ?? new Set()).add(mark.shape));
    expect([...shapes.keys()].sort()).toEqual(['amber', 'green', 'red']);
    expect([...shapes.values()].map((set) => set.size)).toEqual([1, 1, 1]);
    expect(new Set(drawn.map((mark) => mark.shape)).size).toBe(3);
    for (const mark of drawn) {
      expect(mark.width).toBeGreaterThan(0);
      expect(mark.stroke).not.toBe('none');
      expect(mark.stroke).not.toMatch(/rgba\(0, 0, 0, 0\)/);
    }
    // The café's worst level is named, not only drawn.
    await expect(page.getByRole('img', { name: /^Worst signal: (Green|Amber|Red)$/ }).first()).toBeVisible();
  });
});

test.describe('Count Inventory on a desk, with WCAG text spacing (1.4.12)', () => {
  test("'Confirm' next to each count is one word on one line", async ({ page }) => {
    await openOperation(page, 'Count Inventory');
    await page.addStyleTag({
      content:
        '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
    });
    const words = page.locator('label', { hasText: /^Confirm(ed)?$/ }).locator('span');
    await expect(words.first()).toBeVisible();
    const heights = await words.evaluateAll((spans) =>
      spans
        .filter((span) => span.getClientRects().length > 0)
        .map(
          (span) =>
            span.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(span).lineHeight),
        ),
    );
    expect(heights.length).toBeGreaterThan(0);
    expect(heights.filter((lines) => lines > 1.5)).toEqual([]);
  });
});
