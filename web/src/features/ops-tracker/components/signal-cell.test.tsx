import { expect, test } from 'bun:test';
import type { Rag } from '@engine/ops-signals.ts';
import { render, screen } from '@testing-library/react';
import { RagMark } from './signal-cell.tsx';

const RAGS: Rag[] = ['green', 'amber', 'red'];

test('each level has a shape of its own, not only a colour (WCAG 1.4.1)', () => {
  const { container } = render(
    <div>
      {RAGS.map((rag) => (
        <RagMark key={rag} rag={rag} />
      ))}
    </div>,
  );
  const marks = RAGS.map((rag) => container.querySelector(`[data-rag-mark="${rag}"]`));
  // Drawn, not a coloured box: an SVG whose strokes take the text colour, which forced colours keep.
  expect(marks.map((mark) => mark?.tagName.toLowerCase())).toEqual(['svg', 'svg', 'svg']);
  expect(marks.map((mark) => mark?.getAttribute('stroke'))).toEqual([
    'currentColor',
    'currentColor',
    'currentColor',
  ]);
  const shapes = marks.map((mark) => mark?.innerHTML);
  expect(new Set(shapes).size).toBe(3);
  expect(marks.every((mark) => mark?.getAttribute('aria-hidden') === 'true')).toBe(true);
});

test("the café's worst level, with no words beside it, is named for a screen reader", () => {
  render(<RagMark rag="red" label="Worst signal: Red" />);
  expect(screen.getByRole('img', { name: 'Worst signal: Red' }).getAttribute('data-rag-mark')).toBe('red');
});
