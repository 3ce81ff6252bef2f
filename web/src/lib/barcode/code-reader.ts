/** What a barcode reader found in one frame: the decoded text and the symbology (e.g. `ean_13`). */
export interface FoundCode {
  rawValue: string;
  format: string;
}

export interface CodeReader {
  /** `native` is the browser's own BarcodeDetector; `polyfill` is ZXing in WebAssembly. */
  kind: 'native' | 'polyfill';
  detect: (source: HTMLVideoElement) => Promise<FoundCode[]>;
}

/** The symbologies product barcodes are printed in: EAN/UPC on retail packs, ITF-14 on cases. */
export const PRODUCT_CODE_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'itf'] as const;

interface NativeDetector {
  detect: (source: HTMLVideoElement) => Promise<FoundCode[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats: () => Promise<string[]>;
}

async function nativeReader(): Promise<CodeReader | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = new Set(await Native.getSupportedFormats());
    const formats = PRODUCT_CODE_FORMATS.filter((format) => supported.has(format));
    // Some builds expose the API with no retail formats at all; the polyfill reads them everywhere.
    if (!formats.includes('ean_13')) return null;
    const detector = new Native({ formats });
    return { kind: 'native', detect: (source) => detector.detect(source) };
  } catch {
    return null;
  }
}

/**
 * A reader for product barcodes: the browser's `BarcodeDetector` where it reads EAN/UPC, otherwise the
 * polyfill, loaded only now (`import()` keeps it and its WebAssembly out of every bundle that loads first).
 */
export async function openCodeReader(options: { preferPolyfill?: boolean } = {}): Promise<CodeReader> {
  const native = options.preferPolyfill ? null : await nativeReader();
  if (native) return native;
  const { openZxingReader } = await import('./zxing-reader.ts');
  return openZxingReader(PRODUCT_CODE_FORMATS);
}
