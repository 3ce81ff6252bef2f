import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { looksLikeInlineSvg, sanitizeSvgIcon } from './sanitize-svg-icon.ts';

// DOMParser is a browser API; register happy-dom unless a preload already did.
let registeredHere = false;
beforeAll(() => {
  if (GlobalRegistrator.isRegistered) return;
  GlobalRegistrator.register();
  registeredHere = true;
});
afterAll(async () => {
  if (registeredHere) await GlobalRegistrator.unregister();
});

describe('sanitizeSvgIcon', () => {
  test('keeps the drawing of a plain icon', () => {
    const svg = sanitizeSvgIcon(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24"><path d="M4 4h16" stroke="currentColor"/></svg>',
    );
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe('M4 4h16');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    // The header sizes icons itself.
    expect(svg?.hasAttribute('width')).toBe(false);
  });

  test('accepts an icon pasted without its namespace', () => {
    const svg = sanitizeSvgIcon('<svg viewBox="0 0 24 24"><circle cx="12" cy="12" r="4"/></svg>');
    expect(svg?.querySelector('circle')?.getAttribute('r')).toBe('4');
  });

  test('drops scripts, event handlers and foreign content', () => {
    const svg = sanitizeSvgIcon(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="steal()"><script>steal()</script>' +
        '<foreignObject><div>hi</div></foreignObject><path d="M0 0" onclick="steal()"/></svg>',
    );
    expect(svg).not.toBeNull();
    const markup = svg?.outerHTML ?? '';
    expect(markup).not.toContain('script');
    expect(markup).not.toContain('steal');
    expect(markup).not.toContain('foreignObject');
    expect(svg?.querySelector('path')).not.toBeNull();
  });

  test('drops links that leave the icon', () => {
    const svg = sanitizeSvgIcon(
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.test/x.svg#a"/>' +
        '<use href="#shape"/><rect fill="url(javascript:alert(1))" style="x"/><rect fill="url(#g)"/></svg>',
    );
    const uses = Array.from(svg?.querySelectorAll('use') ?? []);
    expect(uses.map((use) => use.getAttribute('href'))).toEqual([null, '#shape']);
    const rects = Array.from(svg?.querySelectorAll('rect') ?? []);
    expect(rects.map((rect) => rect.getAttribute('fill'))).toEqual([null, 'url(#g)']);
    expect(rects[0]?.hasAttribute('style')).toBe(false);
  });

  test('refuses text that is not a well-formed svg', () => {
    expect(sanitizeSvgIcon('<img src=x onerror=alert(1)>')).toBeNull();
    expect(sanitizeSvgIcon('<svg><path></svg')).toBeNull();
    expect(sanitizeSvgIcon('settings')).toBeNull();
  });
});

describe('looksLikeInlineSvg', () => {
  test('tells markup from icon names and emoji', () => {
    expect(looksLikeInlineSvg('  <svg viewBox="0 0 1 1"></svg>')).toBe(true);
    expect(looksLikeInlineSvg('<SVG>')).toBe(true);
    expect(looksLikeInlineSvg('svg')).toBe(false);
    expect(looksLikeInlineSvg('📦')).toBe(false);
  });
});
