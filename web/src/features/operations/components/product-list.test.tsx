import { describe, expect, mock, test } from 'bun:test';
import { groupBySubcategory, VIRTUAL_LIST_HEIGHT } from '@engine/subcategory-groups.ts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ProductList } from './product-list.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';

const product = (id: number, name: string, orderSubcategory: string | null) => ({
  id,
  name,
  cafeOrderCategory: 'Dairy',
  orderSubcategory,
});
const products = [
  product(1, 'Whole Milk', 'Milk'),
  product(2, 'Oat Milk', 'Milk'),
  product(3, 'Butter', null),
];

function Counted({ name, focusIndex, onChange }: { name: string; focusIndex: number; onChange: () => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <QuantityStepper
      label={`Count of ${name}`}
      value={value}
      focusIndex={focusIndex}
      onChange={(next) => {
        setValue(next);
        onChange();
      }}
    />
  );
}

function renderList(onEndReached = mock(() => {}), onChange = mock(() => {})) {
  render(
    <ProductList
      label="Products in Dairy"
      groups={groupBySubcategory(products, [])}
      estimateRowHeight={77}
      onEndReached={onEndReached}
      renderRow={(one, focusIndex) => <Counted name={one.name} focusIndex={focusIndex} onChange={onChange} />}
    />,
  );
  return { onEndReached, onChange };
}

const field = (name: string) => screen.getByRole('textbox', { name: `Count of ${name}` }) as HTMLInputElement;

describe('an operation list', () => {
  test('groups by subcategory with the engine’s headers, no-subcategory first, names in order', () => {
    renderList();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'No Subcategory (1 item)',
      'Milk (2 items)',
    ]);
    expect(screen.getAllByRole('textbox').map((input) => input.getAttribute('aria-label'))).toEqual([
      'Count of Butter',
      'Count of Oat Milk',
      'Count of Whole Milk',
    ]);
  });

  test('Enter moves to the next item across groups, and past the last one hands over', () => {
    const { onEndReached, onChange } = renderList();
    act(() => field('Butter').focus());
    fireEvent.change(field('Butter'), { target: { value: '4' } });
    fireEvent.keyDown(field('Butter'), { key: 'Enter' });
    expect(document.activeElement).toBe(field('Oat Milk'));
    expect(onChange).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(field('Oat Milk'), { key: 'Enter' });
    expect(document.activeElement).toBe(field('Whole Milk'));
    fireEvent.keyDown(field('Whole Milk'), { key: 'Enter' });
    expect(onEndReached).toHaveBeenCalledTimes(1);
  });

  test('a value that cannot be stored stays, marked with the reason, and Enter does not move on', () => {
    const { onChange } = renderList();
    act(() => field('Butter').focus());
    fireEvent.change(field('Butter'), { target: { value: '1.3' } });
    fireEvent.keyDown(field('Butter'), { key: 'Enter' });
    expect(document.activeElement).toBe(field('Butter'));
    expect(field('Butter').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('The number must be a whole number or end in .25, .5 or .75')).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  test('− and + step by one and never below zero', () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Increase count of Butter' }));
    fireEvent.click(screen.getByRole('button', { name: 'Increase count of Butter' }));
    expect(field('Butter').value).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Decrease count of Butter' }));
    expect(field('Butter').value).toBe('1');
    expect(field('Butter').getAttribute('inputmode')).toBe('decimal');
  });
});

describe('a virtualised operation list', () => {
  test('its rows follow one another in normal flow from the first drawn row’s place, none absolutely placed', () => {
    // Chromium styled an absolutely placed row about ten times slower than one in flow (decision 043).
    // happy-dom lays nothing out: the scroll box is given the height it has in a browser so rows are drawn.
    const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 650 });
    try {
      expectRowsInFlow();
    } finally {
      if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
      else delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
    }
  });
});

/**
 * A list of 100 items rendered without effects, as its first commit draws it: the markup and the rows drawn.
 */
function firstCommit(): { html: string; drawn: number } {
  const many = Array.from({ length: 100 }, (_, index) => product(index + 1, `Item ${index + 1}`, null));
  const html = renderToStaticMarkup(
    <ProductList
      label="Products in Dairy"
      groups={groupBySubcategory(many, [])}
      estimateRowHeight={76}
      renderRow={(one) => <span>{one.name}</span>}
    />,
  );
  return { html, drawn: html.match(/data-index="\d+"/g)?.length ?? 0 };
}

type Viewport = { width: number; height: number };

/** Runs `check` with the window at `viewport` (happy-dom's), and puts the window back after. */
function atViewport(viewport: Viewport, check: () => void): void {
  const { happyDOM } = window as unknown as { happyDOM: { setViewport(viewport: Viewport): void } };
  const before = { width: window.innerWidth, height: window.innerHeight };
  happyDOM.setViewport(viewport);
  try {
    check();
  } finally {
    happyDOM.setViewport(before);
  }
}

/** Rows drawn by a box whose rows have `height` px: one 44 px header, the 76 px rows that fill it, 8 of overscan. */
const drawnInBox = (height: number) => 1 + Math.ceil((height - 44) / 76) + 8;

describe('a virtualised list’s first render', () => {
  test('draws the rows that fill the box, before the box is measured: measuring it draws nothing again', () => {
    // The first commit is what a start waits for; a first render sized for an unmeasured (0 px) box drew no row,
    // and the measured box then drew the list a second time in the same task. Effects do not run here.
    atViewport({ width: 1280, height: 800 }, () => {
      // The whole box fits: its rows have its height less two 2 px borders.
      expect(firstCommit().drawn).toBe(drawnInBox(VIRTUAL_LIST_HEIGHT - 4));
    });
  });

  test('on a window too short for the whole box, draws the rows of the box it will be', () => {
    // A laptop's browser: the box is the window less 9rem (144 px), so a first render sized for the whole box drew a
    // row more than the measured box holds, and measuring it drew the list again.
    atViewport({ width: 1280, height: 713 }, () => {
      const drawn = firstCommit().drawn;
      expect(drawn).toBe(drawnInBox(713 - 144 - 4));
      expect(drawn).toBeLessThan(drawnInBox(VIRTUAL_LIST_HEIGHT - 4));
    });
  });

  test("on a phone, draws the rows of a window's height, before the list's place on the page is measured", () => {
    atViewport({ width: 375, height: 667 }, () => {
      expect(window.matchMedia('(max-width: 639.98px)').matches).toBe(true);
      const { html, drawn } = firstCommit();
      expect(html).toContain('data-virtualized="window"');
      // A phone's 28 px subcategory header and 56 px rows over a 667 px window, and 8 rows of overscan below.
      expect(drawn).toBe(1 + Math.ceil((667 - 28) / 56) + 8);
    });
  });
});

function expectRowsInFlow() {
  const many = Array.from({ length: 40 }, (_, index) => product(index + 1, `Item ${index + 1}`, null));
  const { container } = render(
    <ProductList
      label="Products in Dairy"
      groups={groupBySubcategory(many, [])}
      estimateRowHeight={77}
      renderRow={(one, focusIndex) => <Counted name={one.name} focusIndex={focusIndex} onChange={() => {}} />}
    />,
  );
  const rows = [...container.querySelectorAll<HTMLElement>('section[data-virtualized] [data-index]')];
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) {
    expect(row.className).not.toContain('absolute');
    expect(row.style.transform).toBe('');
    expect(row.style.position).toBe('');
  }
  const block = rows[0]?.parentElement;
  expect(block?.style.paddingTop).toBe('0px');
  // The block reserves every row's height (happy-dom measures drawn rows as 0 px tall).
  expect(block?.style.height).toMatch(/^\d+px$/);
}
