import { describe, expect, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { CategoryNav } from './category-nav.tsx';

const CATEGORIES = ['Espresso & Coffee', 'Dairy & Alternatives', 'Bakery'];

function Stepped({ start }: { start: number }) {
  const [current, setCurrent] = useState(start);
  return <CategoryNav categories={CATEGORIES} current={current} onChange={setCurrent} />;
}

// The neighbouring category's name is part of the button's name on wide screens.
const button = (name: string) =>
  screen.getByRole<HTMLButtonElement>('button', { name: new RegExp(`^${name}`) });

describe('Previous and Next keep the keyboard focus on the bar (WCAG 2.4.3)', () => {
  test('Next onto the last category, which disables Next, gives the focus to Previous', () => {
    render(<Stepped start={1} />);
    const next = button('Next');
    next.focus();
    act(() => next.click());
    expect(next.disabled).toBe(true);
    expect(screen.getByText('Category 3 of 3')).toBeTruthy();
    expect(document.activeElement).toBe(button('Previous'));
  });

  test('Previous onto the first category gives the focus to Next', () => {
    render(<Stepped start={1} />);
    const previous = button('Previous');
    previous.focus();
    act(() => previous.click());
    expect(previous.disabled).toBe(true);
    expect(document.activeElement).toBe(button('Next'));
  });

  test('a step that leaves both buttons usable leaves the focus where it is', () => {
    render(<Stepped start={0} />);
    const next = button('Next');
    next.focus();
    act(() => next.click());
    expect(document.activeElement).toBe(next);
  });
});

test("the buttons' words give way by the room the bar has in rem, so larger browser text counts, not by px width", () => {
  render(<Stepped start={1} />);
  const words = [screen.getByText('Previous'), screen.getByText('Next')];
  expect(words.map((word) => word.className)).toEqual(['@max-[22.5rem]:sr-only', '@max-[22.5rem]:sr-only']);
  expect(screen.getByRole('navigation', { name: 'Category navigation' }).className).toContain('@container');
});
