import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWeb } from '../web/build.ts';

const outDir = join(mkdtempSync(join(tmpdir(), 'parstock-web-build-')), 'dist');
let result: Awaited<ReturnType<typeof buildWeb>>;
beforeAll(async () => {
  result = await buildWeb(outDir);
}, 120_000);

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

test('the production build ships no source maps and points to none', async () => {
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

test("the service worker precaches the build's own files: the shell, every script and style, the icons", () => {
  const worker = readFileSync(join(outDir, 'sw.js'), 'utf8');
  expect(worker).not.toContain('self.__SW_MANIFEST');
  const listed = new Set([...worker.matchAll(/\{"url":"([^"]+)","revision":/g)].map((match) => match[1]));
  const built = filesUnder(outDir)
    .map((file) => file.slice(outDir.length + 1))
    .filter((file) => /\.(html|js|css|png|webmanifest)$/.test(file) && file !== 'sw.js');
  expect(built).toContain('index.html');
  expect(built).toContain('manifest.webmanifest');
  for (const file of built) expect(listed).toContain(file);
  expect(result.precache.count).toBe(listed.size);
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
  expect(html).toContain('rel="apple-touch-icon"');
});
