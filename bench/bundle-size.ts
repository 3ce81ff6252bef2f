import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, distDir } from '../web/build.ts';

/**
 * Prints every JS and CSS file of the built web app with its raw and gzip size, then the initial JS — the
 * entry script and every chunk it imports statically, i.e. what loads before anything is on screen —
 * against the 200 KB gzip budget. Exits 1 over budget. `--build` rebuilds first; without it an existing
 * `web/dist` is measured.
 */

const BUDGET_BYTES = 200 * 1024;

const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?"([^"]+\.js)"/g;

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: 9 }).byteLength;
}

function fileOf(url: string): string {
  return url.replace(/^\.?\//, '');
}

async function staticGraph(entry: string): Promise<string[]> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = await readFile(join(distDir, file), 'utf8');
    for (const match of source.matchAll(STATIC_IMPORT)) queue.push(fileOf(match[1] as string));
  }
  return [...seen];
}

async function main(): Promise<void> {
  if (process.argv.includes('--build') || !existsSync(join(distDir, 'index.html'))) await buildWeb();

  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => fileOf(match[1] as string));
  if (entries.length === 0) throw new Error('index.html loads no script');

  const files = (await readdir(distDir)).filter((name) => /\.(js|css)$/.test(name)).sort();
  const sizes = new Map<string, { raw: number; gzip: number }>();
  for (const name of files) {
    const content = await readFile(join(distDir, name));
    sizes.set(name, { raw: content.byteLength, gzip: gzipSize(content) });
  }

  const initial = new Set<string>();
  for (const entry of entries) for (const file of await staticGraph(entry)) initial.add(file);

  const rows = files
    .map((name) => ({
      name,
      ...(sizes.get(name) as { raw: number; gzip: number }),
      initial: initial.has(name),
    }))
    .sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(...rows.map((row) => row.name.length), 4);
  console.log(`${'file'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const row of rows) {
    const mark = row.initial ? '  initial' : '';
    console.log(
      `${row.name.padEnd(width)}  ${kb(row.raw).padStart(10)}  ${kb(row.gzip).padStart(10)}${mark}`,
    );
  }

  const initialGzip = [...initial].reduce((sum, name) => sum + (sizes.get(name)?.gzip ?? 0), 0);
  const verdict = initialGzip <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `\nInitial JS (${initial.size} file${initial.size === 1 ? '' : 's'}): ${kb(initialGzip)} gzip — ${verdict} the ${kb(BUDGET_BYTES)} budget`,
  );
  if (initialGzip > BUDGET_BYTES) process.exitCode = 1;
}

await main();
