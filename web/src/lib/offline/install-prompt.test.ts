import { describe, expect, test } from 'bun:test';
import { type InstallContext, installOptionFor, isIosDevice } from './install-prompt.ts';

const install = async () => {};
const prompt = {} as NonNullable<InstallContext['prompt']>;

describe('what the profile menu offers for installing', () => {
  test("the browser's prompt where it gave one, iOS's steps on an iPhone, nothing once installed", () => {
    expect(installOptionFor({ prompt, isIos: false, standalone: false }, install)?.kind).toBe('prompt');
    expect(installOptionFor({ prompt: null, isIos: true, standalone: false }, install)?.kind).toBe(
      'ios-steps',
    );
    expect(installOptionFor({ prompt, isIos: true, standalone: true }, install)).toBeNull();
    expect(installOptionFor({ prompt: null, isIos: false, standalone: false }, install)).toBeNull();
  });

  test('an iPad that calls itself a Mac is still iOS; a Mac is not', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15';
    expect(isIosDevice(iphone, 'iPhone', 5)).toBe(true);
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 5)).toBe(true);
    expect(isIosDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 'MacIntel', 0)).toBe(false);
    expect(isIosDevice('Mozilla/5.0 (Linux; Android 15; Pixel 9)', 'Linux armv8l', 5)).toBe(false);
  });
});
