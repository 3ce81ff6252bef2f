import { expect, test } from 'bun:test';
import { render, screen } from '@testing-library/react';
import { ParLockCategoryCard } from './par-lock-category-card.tsx';

test('a category is named "Bakery, 0 of 0 locked", the count not run into the name as one word', () => {
  render(
    <ParLockCategoryCard
      group={{ category: 'Bakery', products: [], lockedCount: 0 }}
      totalInCategory={0}
      busy={null}
      onChange={() => {}}
      now={new Date('2026-12-07T12:00:00Z')}
      timeZone="UTC"
    />,
  );
  // The heading names the region; its inline parts are read as their text runs, without spaces between them.
  const heading = screen.getByRole('heading', { level: 2 });
  expect(screen.getByRole('region').getAttribute('aria-labelledby')).toBe(heading.id);
  expect(heading.textContent).toBe('Bakery, 0 of 0 locked');
});
