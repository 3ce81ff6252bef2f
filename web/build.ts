import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import tailwind from 'bun-plugin-tailwind';

const webDir = import.meta.dir;
export const distDir = join(webDir, 'dist');

/**
 * Builds the web app into `web/dist` for the BFF to serve. `Bun.build` (not the `bun build` CLI) because
 * only the API runs the Tailwind plugin; `publicPath: '/'` keeps asset URLs absolute so deep links such as
 * /admin/users load them; the production define drops React's development build. No source maps: a map
 * carries the whole source (`sourcesContent`), and the built app is what every visitor downloads.
 */
export async function buildWeb(
  outDir: string = distDir,
  options: { metafile?: boolean } = {},
): Promise<Bun.BuildOutput> {
  await rm(outDir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [join(webDir, 'index.html')],
    outdir: outDir,
    plugins: [tailwind],
    publicPath: '/',
    minify: true,
    splitting: true,
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
  return result;
}

if (import.meta.main) {
  const started = performance.now();
  const result = await buildWeb();
  const elapsed = Math.round(performance.now() - started);
  console.log(`Built ${result.outputs.length} files into ${distDir} in ${elapsed} ms`);
}
