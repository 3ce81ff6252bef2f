import { afterAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeOutput } from './output-target.ts';

const dir = mkdtempSync(join(tmpdir(), 'parstock-output-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('writeOutput to a file', () => {
  test('the file appears complete, replacing an older one', async () => {
    const path = join(dir, 'report.md');
    writeFileSync(path, 'yesterday');
    await writeOutput(path, async (out) => {
      await out.write('# Nightly');
      // Until it is finished, readers still see the old file.
      expect(readFileSync(path, 'utf8')).toBe('yesterday');
      await out.write(' counts\n');
    });
    expect(readFileSync(path, 'utf8')).toBe('# Nightly counts\n');
    expect(readdirSync(dir)).toEqual(['report.md']);
  });

  test('a failure leaves neither a file nor a partial one', async () => {
    const path = join(dir, 'export.csv');
    await expect(
      writeOutput(path, async (out) => {
        await out.write('kind,location_code\n');
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual(['report.md']);
  });

  test('a folder named as the file is refused before any work, and nothing is left behind', async () => {
    let worked = false;
    await expect(
      writeOutput(dir, async () => {
        worked = true;
      }),
    ).rejects.toThrow(`Cannot write ${dir}: it is a folder; name a file in it`);
    expect(worked).toBe(false);
    expect(readdirSync(dir)).toEqual(['report.md']);
  });

  test('a missing folder is named', async () => {
    await expect(writeOutput(join(dir, 'nope', 'x.csv'), async () => {})).rejects.toThrow(
      `Cannot write ${join(dir, 'nope', 'x.csv')}: the folder ${join(dir, 'nope')} does not exist`,
    );
  });
});
