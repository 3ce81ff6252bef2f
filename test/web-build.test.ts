import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from '../web/build.ts';

const outDir = join(mkdtempSync(join(tmpdir(), 'parstock-web-build-')), 'dist');
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test('the production build ships no source maps and points to none', async () => {
  const result = await buildWeb(outDir);
  expect(result.success).toBe(true);
  const files = filesUnder(outDir);
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  for (const file of files.filter((name) => /\.(js|css|html)$/.test(name))) {
    const content = readFileSync(file, 'utf8');
    expect(content).not.toContain('sourceMappingURL');
    expect(content).not.toContain('sourcesContent');
  }
}, 120_000);
