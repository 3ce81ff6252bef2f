import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The two sizes every page is read at: a desk, and 320 px, the narrowest width WCAG 1.4.10 (reflow) asks a page
 * to work at without scrolling sideways (a small Android phone, or a 640 px window zoomed to 200 %). What fits
 * there fits a 375 px phone, which has tests of its own (`phone.e2e.ts`, the operation screens').
 */
export const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'narrow phone', width: 320, height: 640 },
] as const;

/**
 * axe run in the page itself (axe.run). The builder's default runs it in parts and merges them in a blank tab it
 * opens for each reading, which is there to join frames of other origins; the app has none, and a new tab per
 * reading cost more time than the reading.
 */
function reader(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode();
}

/** Whether the page fits its window's width: nothing makes it scroll sideways. */
export function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

/**
 * Serious and critical findings of WCAG 2.1 A/AA only: those block someone from using the page. axe marks
 * its check of WCAG 2.5.3 (label in name) experimental and leaves it out unless asked; it is asked for here,
 * since a speech-input user says the visible text to press a control.
 */
export async function blockingViolations(page: Page): Promise<string[]> {
  // options() replaces what withTags() set, so it comes first.
  const results = await reader(page)
    // Only the findings are read: axe's lists of what passed are large and cost time to build and send over.
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.help}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Every spinner gone: the page shows what it read, not that it is still reading. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-slot="spinner"]')).toHaveCount(0);
}

/**
 * Contrast findings alone, for a menu or list that is open. The rest of axe's reading of an open Radix layer
 * reports the page behind it as hidden yet focusable (`aria-hidden-focus`): the layer holds the focus until it
 * closes, so nothing behind it can be reached, and that finding says nothing about the layer itself.
 */
export async function contrastViolations(page: Page): Promise<string[]> {
  const results = await reader(page).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? violation.help}`),
  );
}

/**
 * The words of buttons that run out of them. A clipped label does not make the page scroll sideways, so the width
 * check alone misses it; a box with no text (a checkbox with a wider touch area) is left out.
 */
export function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, a[data-slot="button"]')]
      .filter((button) => button.getClientRects().length > 0 && button.textContent?.trim())
      .filter((button) => button.scrollWidth > button.clientWidth + 1)
      .map((button) => button.textContent?.trim() ?? ''),
  );
}

/** WCAG 2.5.8 (target size, minimum): a control a pointer must hit is at least 24 by 24 CSS pixels. */
export async function expectTargetAtLeast24(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(24);
}
