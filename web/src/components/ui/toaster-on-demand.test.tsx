import { describe, expect, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { ToasterOnDemand } from './toaster-on-demand.tsx';
import { toast } from './use-toast.ts';

describe('ToasterOnDemand', () => {
  test('draws nothing until the first toast, then shows it in the notifications region', async () => {
    const { container } = render(<ToasterOnDemand />);
    // The toaster's chunk loaded (as it is when the page has been idle): still nothing drawn.
    await act(async () => {
      await import('./toaster.tsx');
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region', { name: /Notifications/ })).toBeNull();
    act(() => {
      toast({ title: 'Count completed' });
    });
    expect(await screen.findByText('Count completed')).toBeTruthy();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeTruthy();
  });
});
