import { describe, expect, test } from 'bun:test';
import {
  type TabUpdateEntry,
  tabDisplayOrderBodySchema,
  tabIconProblem,
  tabTreeProblems,
} from './admin-tab-schemas.ts';

describe('tabIconProblem', () => {
  test('accepts Lucide names, short text and plain inline SVG', () => {
    for (const icon of [
      'shopping-cart',
      'bar-chart-2',
      '☕',
      'AB',
      '<svg viewBox="0 0 24 24"><path d="M4 4h16v16H4z" fill="url(#g)"/><use href="#p"/></svg>',
    ]) {
      expect(tabIconProblem(icon)).toBeNull();
    }
  });

  test('refuses SVG with scripts, event handlers, javascript: or outside links', () => {
    const refused: [string, string][] = [
      ['<svg><script>alert(1)</script></svg>', 'An SVG icon must not contain a <script> element'],
      ['<svg onload="alert(1)"></svg>', 'An SVG icon must not contain an on… event attribute'],
      [
        '<svg><a href="javascript:alert(1)"><path/></a></svg>',
        'An SVG icon must not contain a javascript: link',
      ],
      [
        '<svg><image href="https://evil.example/x.png"/></svg>',
        'An SVG icon must not contain a link outside the icon',
      ],
      [
        '<svg><foreignObject><div/></foreignObject></svg>',
        'An SVG icon must not contain a <foreignObject> element',
      ],
      ['<svg><path d="M0 0"/>', 'An SVG icon must end with </svg>'],
      [
        '<svg><a><set attributeName="href" to="javascript&#58;alert(1)"/><circle r="9"/></a></svg>',
        'An SVG icon must not contain a character reference (&#…;), which can hide a link',
      ],
      [
        '<svg><g><set attributeName="fill" to="red"/></g></svg>',
        'An SVG icon must not contain an animation element (<set>, <animate>), which can change a link',
      ],
      ['<svg><a><circle r="9"/></a></svg>', 'An SVG icon must not contain an <a> link element'],
      [
        '<svg><style>@import url(https://evil.example/x.css)</style></svg>',
        'An SVG icon must not contain a <style> element',
      ],
      [
        '<svg><path style="fill: url(https://evil.example/x.svg)"/></svg>',
        'An SVG icon must not contain a style that loads something from outside the icon',
      ],
      // A namespace prefix does not hide an element, and no icon needs HTML's namespace.
      [
        '<svg xmlns:x="http://www.w3.org/1999/xhtml"><x:script>alert(1)</x:script></svg>',
        'An SVG icon must not contain a <script> element',
      ],
      ['<svg><svg:style>x{}</svg:style></svg>', 'An SVG icon must not contain a <style> element'],
      [
        '<svg><g xmlns="http://www.w3.org/1999/xhtml"><p/></g></svg>',
        'An SVG icon must not contain HTML elements (the XHTML namespace)',
      ],
    ];
    for (const [icon, message] of refused) expect(tabIconProblem(icon)).toBe(message);
  });

  test('refuses long free text and markup that is not an SVG', () => {
    const hint =
      'An icon must be a Lucide icon name (like "shopping-cart"), up to 4 characters of text, or an <svg> image';
    expect(tabIconProblem('Shopping Cart')).toBe(hint);
    expect(tabIconProblem('<img src=x onerror=alert(1)>')).toBe(hint);
    expect(tabIconProblem('<b>')).toBe(hint);
  });

  test('an empty icon becomes null; a refused one names the problem', () => {
    const entry = { id: 1, tabName: ' Orders ', parentId: null, isVisible: true, displayOrder: 1 };
    expect(tabDisplayOrderBodySchema.parse({ tabs: [{ ...entry, icon: '  ' }] }).tabs[0]).toEqual({
      ...entry,
      tabName: 'Orders',
      icon: null,
    });
    const refused = tabDisplayOrderBodySchema.safeParse({
      tabs: [{ ...entry, icon: '<svg onclick="x()"></svg>' }],
    });
    expect(refused.error?.issues[0]?.message).toBe('An SVG icon must not contain an on… event attribute');
  });
});

describe('tabTreeProblems', () => {
  const tab = (id: number, parentId: number | null = null): TabUpdateEntry => ({
    id,
    tabName: `Tab ${id}`,
    icon: null,
    parentId,
    isVisible: true,
    displayOrder: id,
  });

  test('a complete tree one level deep is fine', () => {
    expect(tabTreeProblems([1, 2, 3], [tab(1), tab(2, 1), tab(3, 1)])).toEqual([]);
  });

  test('lists unknown, repeated and missing tabs', () => {
    expect(tabTreeProblems([1, 2, 3], [tab(1), tab(1), tab(9)])).toEqual([
      'Tab 1 is listed twice',
      'Unknown tab id 9',
      'Every tab must be sent; missing ids: 2, 3',
    ]);
  });

  test('refuses a tab under itself, under an unknown tab, or two levels deep (so no cycles)', () => {
    expect(tabTreeProblems([1, 2, 3], [tab(1, 1), tab(2, 3), tab(3, 2)])).toEqual([
      'Tab 1 cannot be its own parent',
      'Tab 2 cannot sit under tab 3, which is itself inside another tab',
      'Tab 3 cannot sit under tab 2, which is itself inside another tab',
    ]);
    expect(tabTreeProblems([1], [tab(1, 7)])).toEqual(['Tab 1 has an unknown parent 7']);
  });
});
