import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { injectManifest } from '@serwist/build';
import tailwind from 'bun-plugin-tailwind';
import { webAppManifest } from './src/lib/offline/web-app-manifest.ts';

const webDir = import.meta.dir;
export const distDir = join(webDir, 'dist');

/** Bun.build names chunks and assets `name-<8 char hash>.ext`: their URL changes with their content. */
const MANIFEST_FILE = 'manifest.webmanifest';
const HASHED_URL = /-[a-z0-9]{8}\.[a-z0-9]+$/i;

/** Files the service worker precaches and their total size, from `@serwist/build`. */
export interface PrecacheSummary {
  count: number;
  bytes: number;
}

/**
 * The service worker (web/src/service-worker) as one classic script at /sw.js (unhashed: the browser finds
 * updates under a fixed URL). `@serwist/build` writes the precache list into it from the files this build
 * just wrote, so no list of assets is kept by hand; hashed files are cached under their own URL, the rest
 * (index.html, icons, the manifest) with a content revision so a new release replaces them.
 */
async function buildServiceWorker(outDir: string): Promise<PrecacheSummary> {
  const scratch = await mkdtemp(join(tmpdir(), 'parstock-sw-'));
  try {
    const result = await Bun.build({
      entrypoints: [join(webDir, 'src', 'service-worker', 'service-worker.ts')],
      outdir: scratch,
      naming: 'sw.js',
      format: 'iife',
      minify: true,
      target: 'browser',
      sourcemap: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    if (!result.success) {
      for (const log of result.logs) console.error(log);
      throw new Error('The service worker build failed');
    }
    const { count, size, warnings } = await injectManifest({
      swSrc: join(scratch, 'sw.js'),
      swDest: join(outDir, 'sw.js'),
      globDirectory: outDir,
      // The barcode reader's WebAssembly too: scanning in a walk-in with no signal must not depend on a first scan
      // made online having left it in the HTTP cache (decision 036).
      globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,wasm}'],
      globIgnores: ['sw.js'],
      dontCacheBustURLsMatching: HASHED_URL,
    });
    for (const warning of warnings) console.warn(warning);
    return { count, bytes: size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The manifest is made from the UI styles (web-app-manifest.ts), so it exists only once built; Bun's HTML
 * bundler would try to resolve a link to it at build time, so the link is added to the built index.html.
 */
async function writeManifest(outDir: string): Promise<void> {
  await writeFile(join(outDir, MANIFEST_FILE), JSON.stringify(webAppManifest(), null, 2));
  const indexPath = join(outDir, 'index.html');
  const html = await readFile(indexPath, 'utf8');
  if (!html.includes('</head>')) throw new Error('The built index.html has no </head>');
  await writeFile(
    indexPath,
    html.replace('</head>', `<link rel="manifest" href="/${MANIFEST_FILE}"></head>`),
  );
}

/**
 * Builds the web app into `web/dist` for the BFF to serve. `Bun.build` (not the `bun build` CLI) because
 * only the API runs the Tailwind plugin; `publicPath: '/'` keeps asset URLs absolute so deep links such as
 * /admin/users load them; the production define drops React's development build. No source maps: a map
 * carries the whole source (`sourcesContent`), and the built app is what every visitor downloads.
 */
export async function buildWeb(
  outDir: string = distDir,
  options: { metafile?: boolean } = {},
): Promise<Bun.BuildOutput & { precache: PrecacheSummary }> {
  await rm(outDir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [join(webDir, 'index.html')],
    outdir: outDir,
    plugins: [tailwind],
    publicPath: '/',
    // WEB_BUILD_KEEP_NAMES=1 keeps functions' names, so that a profile of the app (bench/count-screen-profile.ts)
    // names its functions; for diagnosis only.
    minify:
      process.env.WEB_BUILD_KEEP_NAMES === '1'
        ? { whitespace: true, syntax: true, identifiers: false }
        : true,
    splitting: true,
    // V8's compile hint (decision 075): every function of a chunk is compiled as the chunk streams in, off the
    // page's thread, instead of one by one on it as each is first called. A tab opened afresh has none of the app
    // compiled, and compiled it lazily on its main thread: about 400 ms of a start, CPU 4× slower.
    banner: '//# allFunctionsCalledOnLoad',
    // Shared code of the ~35 lazy imports otherwise lands in one chunk per set of importers: 144 files, a warm
    // start of the count screen loading 82 of them, about 50 under 1 KB. Folding side-effect-free chunks under
    // 16 KB into one that a superset of their importers loads makes nothing lazy eager (decision 043).
    minChunkSize: 16 * 1024,
    target: 'browser',
    sourcemap: 'none',
    // Which source files and packages each chunk holds: the bundle bench reads it (bench/bundle-size.ts).
    metafile: options.metafile ?? false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error('The web build failed');
  }
  await cp(join(webDir, 'public'), outDir, { recursive: true });
  await writeManifest(outDir);
  const precache = await buildServiceWorker(outDir);
  return Object.assign(result, { precache });
}

if (import.meta.main) {
  const started = performance.now();
  const result = await buildWeb();
  const elapsed = Math.round(performance.now() - started);
  console.log(
    `Built ${result.outputs.length} files into ${distDir} in ${elapsed} ms; the service worker precaches ` +
      `${result.precache.count} files (${Math.round(result.precache.bytes / 1024)} KiB)`,
  );
}
