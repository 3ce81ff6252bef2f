import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The decoder's WebAssembly, built into a hashed file of our own origin: the library would otherwise fetch
// it from a CDN, which a back room without internet (and our CSP) never reaches. Same version as the
// ponyfill's own copy of zxing-wasm (3.1.3; its ZXING_WASM_SHA256 matches this file).
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm';
import type { CodeReader } from './code-reader.ts';

let prepared = false;

/**
 * The `barcode-detector` polyfill (ZXing in WebAssembly), for browsers without a native `BarcodeDetector`
 * (Firefox, Safari before 17, Chromium on Linux and Windows). Imported dynamically when scanning starts, so
 * neither this code nor the 1 MB decoder weighs on any page that does not scan.
 */
export async function openZxingReader(formats: readonly string[]): Promise<CodeReader> {
  if (!prepared) {
    prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? zxingReaderWasm : prefix + path,
      },
    });
    prepared = true;
  }
  // Loads and compiles the decoder now, so the first frame is read as soon as the camera shows one.
  await prepareZXingModule({ fireImmediately: true });
  const detector = new BarcodeDetector({ formats: formats as never });
  return { kind: 'polyfill', detect: (source) => detector.detect(source) };
}
