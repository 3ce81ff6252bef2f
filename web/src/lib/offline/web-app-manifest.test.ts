import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_UI_STYLES } from '@engine/ui-settings.ts';
import { webAppManifest } from './web-app-manifest.ts';

const publicDir = join(import.meta.dir, '..', '..', '..', 'public');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(join(publicDir, file));
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  const manifest = webAppManifest();

  test('opens standalone, in the UI styles’ primary colour, with a short name that fits under an icon', () => {
    expect(manifest.display).toBe('standalone');
    expect(manifest.theme_color).toBe(DEFAULT_UI_STYLES.buttons.primaryBackground);
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe('/');
  });

  test('names icons of the sizes Android and iOS use, a maskable one among them, each as large as it says', () => {
    const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(sizes).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable', '180x180 any']),
    );
    for (const icon of manifest.icons) expect(pngSize(icon.src.replace(/^\//, ''))).toBe(icon.sizes);
  });
});
