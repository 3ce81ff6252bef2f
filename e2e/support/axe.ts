import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

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
 * Every animation that ends has ended: a menu read while it fades in has its text at part opacity, which is no
 * colour anyone reads it in. Spinners and other endless animations are left running.
 */
function atRest(page: Page): Promise<unknown> {
  return page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe run in the page itself (axe.run), put in the page once per document. `@axe-core/playwright` runs it in
 * parts merged in a blank tab it opens for each reading (made to join frames of other origins; the app has none),
 * or, in its legacy mode, evaluates axe's 650 KB twice before every reading: either cost more than the reading.
 */
async function readWithAxe(page: Page, options: RunOptions): Promise<AxeResults> {
  await atRest(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (runOptions) => (window as unknown as { axe: typeof import('axe-core') }).axe.run(document, runOptions),
    options,
  );
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
  const results = await readWithAxe(page, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'label-content-name-mismatch': { enabled: true } },
    // Only the findings are read: axe's lists of what passed are large and cost time to build and send over.
    resultTypes: ['violations'],
  });
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
  const results = await readWithAxe(page, {
    runOnly: { type: 'rule', values: ['color-contrast'] },
    resultTypes: ['violations'],
  });
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
