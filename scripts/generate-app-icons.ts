import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Draws the home-screen icons from the favicon's artwork (web/public/favicon.svg) with Chromium, so the PNGs
 * Android and iOS need come from the one drawing. Run after changing the logo:
 * `bun scripts/generate-app-icons.ts`; the small PNGs it writes are committed.
 *
 * - any-purpose icons (192, 512): the rounded tile as it is, transparent corners;
 * - maskable (512): the bars on a full-bleed tile inside the 80 % safe zone, since Android crops to its own shape;
 * - apple-touch-icon (180): full-bleed and opaque, since iOS rounds the corners itself and paints transparency black.
 */
const publicDir = join(import.meta.dir, '..', 'web', 'public');
const iconsDir = join(publicDir, 'icons');
const svg = await readFile(join(publicDir, 'favicon.svg'), 'utf8');
const tile = '#2563eb';

function page(size: number, scale: number, fullBleed: boolean): string {
  const inner = Math.round(size * scale);
  const artwork = svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `);
  const body = fullBleed
    ? `<div style="width:${size}px;height:${size}px;background:${tile};display:flex;align-items:center;justify-content:center">${artwork}</div>`
    : `<div style="width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center">${artwork}</div>`;
  return `<!doctype html><html><body style="margin:0;background:transparent">${body}</body></html>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, scale: 1, fullBleed: false },
  { file: 'icon-512.png', size: 512, scale: 1, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, scale: 0.8, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, scale: 1.12, fullBleed: true },
];

await mkdir(iconsDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const tab = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await tab.setContent(page(icon.size, icon.scale, icon.fullBleed));
    await tab.screenshot({ path: join(iconsDir, icon.file), omitBackground: !icon.fullBleed });
    await tab.close();
    console.log(`Wrote web/public/icons/${icon.file}`);
  }
} finally {
  await browser.close();
}
