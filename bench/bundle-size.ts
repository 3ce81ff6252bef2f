import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, distDir } from '../web/build.ts';

/**
 * Builds the web app and prints every JS and CSS file with its raw and gzip size, then the initial JS — the entry
 * script and every chunk it imports statically, i.e. what loads before anything is on screen — with the packages
 * and source folders it holds, against the 150 KB gzip budget. Exits 1 over budget, or when a library that only
 * some routes need (charts, tables, the barcode scanner) has reached the initial JS: those load with their route,
 * or when a script of the app lacks V8's compile hint on its first line.
 * The build is deterministic, so this is the one figure `npm test` gates on.
 */

const BUDGET_BYTES = 150 * 1024;

/** The line that has V8 compile a whole script as it streams in (decision 075). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Packages that must arrive with the route that uses them, never with the first script. */
const ROUTE_ONLY_PACKAGES = [
  'recharts',
  'd3-',
  'victory-vendor',
  '@tanstack/react-table',
  '@tanstack/table-core',
  'barcode-detector',
  'zxing-wasm',
  'serwist',
  '@tanstack/react-virtual',
];

const STATIC_IMPORT = /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$*{},\s]+?\s*from\s*)?"([^"]+\.js)"/g;

interface MetafileOutput {
  bytes: number;
  inputs: Record<string, { bytesInOutput: number }>;
}

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

/** `node_modules/@scope/name/…` → `@scope/name`; our own files → their part and first folder. */
function groupOf(input: string): string {
  const pkg = input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1] as string;
  const own = input.match(/(web\/src|engine\/src)\/([^/]+)/);
  return own ? `${own[1]}/${own[2]}` : input;
}

async function main(): Promise<void> {
  const build = await buildWeb(distDir, { metafile: true });
  const metafile = (typeof build.metafile === 'string' ? JSON.parse(build.metafile) : build.metafile) as
    | { outputs: Record<string, MetafileOutput> }
    | undefined;
  if (!metafile) throw new Error('The build wrote no metafile');

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
  for (const row of rows.slice(0, 25)) {
    const mark = row.initial ? '  initial' : '';
    console.log(
      `${row.name.padEnd(width)}  ${kb(row.raw).padStart(10)}  ${kb(row.gzip).padStart(10)}${mark}`,
    );
  }
  if (rows.length > 25) console.log(`… and ${rows.length - 25} smaller files`);

  // What the initial JS holds, by package or source folder (minified bytes before compression).
  const held = new Map<string, number>();
  for (const [output, info] of Object.entries(metafile.outputs)) {
    if (!initial.has(fileOf(output))) continue;
    for (const [input, { bytesInOutput }] of Object.entries(info.inputs)) {
      const group = groupOf(input);
      held.set(group, (held.get(group) ?? 0) + bytesInOutput);
    }
  }
  console.log('\nThe initial JS holds (minified, before gzip):');
  for (const [group, bytes] of [...held].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${kb(bytes).padStart(9)}  ${group}`);
  }

  const strays = [...held.keys()].filter((group) =>
    ROUTE_ONLY_PACKAGES.some((name) => (name.endsWith('-') ? group.startsWith(name) : group === name)),
  );
  const initialGzip = [...initial].reduce((sum, name) => sum + (sizes.get(name)?.gzip ?? 0), 0);
  const verdict = initialGzip <= BUDGET_BYTES ? 'within' : 'OVER';
  console.log(
    `\nInitial JS (${initial.size} file${initial.size === 1 ? '' : 's'}): ${kb(initialGzip)} gzip — ${verdict} the ${kb(BUDGET_BYTES)} budget`,
  );
  if (strays.length > 0) {
    console.log(`Route-only libraries in the initial JS (load them from their route): ${strays.join(', ')}`);
  }
  // V8 reads the compile hint only on a script's first line (decision 075); a build that moved it would lose it
  // without a sound.
  const app = files.filter((name) => name.endsWith('.js') && name !== 'sw.js');
  const unhinted: string[] = [];
  for (const name of app) {
    const content = await readFile(join(distDir, name), 'utf8');
    if (!content.startsWith(`${COMPILE_HINT}\n`)) unhinted.push(name);
  }
  console.log(`Compile hint on the first line: ${app.length - unhinted.length} of ${app.length} scripts`);
  if (unhinted.length > 0) console.log(`Scripts without it: ${unhinted.join(', ')}`);
  if (initialGzip > BUDGET_BYTES || strays.length > 0 || unhinted.length > 0) process.exitCode = 1;
}

await main();
