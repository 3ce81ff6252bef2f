import { describe, expect, test } from 'bun:test';
import { act, render, screen } from '@testing-library/react';
import { flushPromises } from '@web-test/timers.ts';
import { Alert, AlertDescription, AlertTitle } from './alert.tsx';
import { initialsOf, UserAvatar } from './avatar.tsx';
import { Button } from './button.tsx';
import { Checkbox } from './checkbox.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx';
import { Progress } from './progress.tsx';
import { Spinner } from './spinner.tsx';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from './tooltip.tsx';

describe('Button', () => {
  test('lg and icon sizes are at least 44 px tall for thumbs', () => {
    render(
      <>
        <Button size="lg">Submit Count</Button>
        <Button size="icon" aria-label="Increase PAR">
          +
        </Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Submit Count' }).className).toContain('min-h-11');
    const icon = screen.getByRole('button', { name: 'Increase PAR' }).className;
    expect(icon).toContain('min-h-11');
    expect(icon).toContain('min-w-11');
  });

  test('shows a focus ring for keyboard users and takes the theme colours', () => {
    render(<Button>Start Count</Button>);
    const button = screen.getByRole('button', { name: 'Start Count' });
    expect(button.className).toContain('focus-visible:ring-2');
    expect(button.className).toContain('bg-primary');
    expect(button.className).toContain('rounded-[var(--ui-button-radius,var(--radius))]');
  });

  test('a caller class wins over the variant', () => {
    render(<Button className="bg-success">Done</Button>);
    const { className } = screen.getByRole('button', { name: 'Done' });
    expect(className).toContain('bg-success');
    expect(className).not.toContain('bg-primary');
  });
});

describe('small pieces', () => {
  test('the spinner is a status with a name', () => {
    render(<Spinner label="Loading locations..." />);
    expect(screen.getByRole('status', { name: 'Loading locations...' })).toBeTruthy();
  });

  test('initials from a name', () => {
    expect(initialsOf('Maya Lopez')).toBe('ML');
    expect(initialsOf('Ana María Ruiz')).toBe('AR');
    expect(initialsOf('  cher ')).toBe('C');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });

  test('the avatar is named after the person and shows initials without a picture', () => {
    render(<UserAvatar name="Maya Lopez" />);
    expect(screen.getByRole('img', { name: 'Maya Lopez' }).textContent).toBe('ML');
  });

  test('the checkbox is a named checkbox that toggles', () => {
    render(<Checkbox aria-label="Confirm count for Oat milk" />);
    const box = screen.getByRole('checkbox', { name: 'Confirm count for Oat milk' });
    expect(box.getAttribute('aria-checked')).toBe('false');
    act(() => box.click());
    expect(box.getAttribute('aria-checked')).toBe('true');
  });

  test('progress reports its value', () => {
    render(<Progress aria-label="Category progress" value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Category progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
  });

  test('an alert is announced', () => {
    render(
      <Alert variant="warning">
        <AlertTitle>Location Required</AlertTitle>
        <AlertDescription>Please select a location.</AlertDescription>
      </Alert>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Location Required');
  });

  test('tooltip timing (requirements §9)', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });
});

describe('DropdownMenu', () => {
  test('parent tabs open a sub menu of their children', async () => {
    render(
      <DropdownMenu open>
        <DropdownMenuTrigger>Operations</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Count Inventory</DropdownMenuItem>
          <DropdownMenuSub open>
            <DropdownMenuSubTrigger>Admin</DropdownMenuSubTrigger>
            <DropdownMenuSubContent>
              <DropdownMenuItem>Users</DropdownMenuItem>
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        </DropdownMenuContent>
      </DropdownMenu>,
    );
    // Let the menus finish positioning themselves (an async measurement) inside act.
    await act(() => flushPromises());
    expect(screen.getByRole('menuitem', { name: 'Count Inventory' })).toBeTruthy();
    const parent = screen.getByRole('menuitem', { name: 'Admin' });
    expect(parent.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.getByRole('menuitem', { name: 'Users' })).toBeTruthy();
  });
});
