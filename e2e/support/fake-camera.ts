import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';

const WIDTH = 640;
const HEIGHT = 480;
/** Screen pixels per barcode module: 95 modules of EAN-13 become 380 px, as a phone held close sees them. */
const SCALE = 4;
const FRAMES = 3;

/**
 * A video file for Chromium's fake camera (`--use-file-for-fake-video-capture`) showing `ean13` as an EAN-13
 * barcode, black on white, in the middle of a 640×480 picture. The barcode is drawn by zxing-wasm's writer
 * (the same library the app reads with), so the picture is a real, decodable symbol. Y4M (4:2:0) needs no
 * encoder: the luma plane is the picture, the two chroma planes are flat grey.
 */
export async function barcodeVideo(ean13: string): Promise<string> {
  const path = join(tmpdir(), `parstock-fake-camera-${ean13}.y4m`);
  if (existsSync(path)) return path;
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm');
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer } });
  const written = await writeBarcode(ean13, { format: 'EAN13' } as Parameters<typeof writeBarcode>[1]);
  if (written.error) throw new Error(`zxing-wasm could not write ${ean13}: ${written.error}`);
  const { data, width, height } = written.symbol;

  const luma = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const left = Math.floor((WIDTH - width * SCALE) / 2);
  const top = Math.floor((HEIGHT - height * SCALE) / 2);
  for (let y = 0; y < height * SCALE; y++) {
    for (let x = 0; x < width * SCALE; x++) {
      const module = data[Math.floor(y / SCALE) * width + Math.floor(x / SCALE)] as number;
      luma[(top + y) * WIDTH + left + x] = module;
    }
  }
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2)).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
  return path;
}
