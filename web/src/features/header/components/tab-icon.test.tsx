import { describe, expect, test } from 'bun:test';
import { render } from '@testing-library/react';
import { normaliseIconName, TabIcon } from './tab-icon.tsx';

describe('TabIcon', () => {
  test('draws a named lucide icon', () => {
    const { container } = render(<TabIcon icon="clipboard-list" />);
    expect(container.querySelector('svg.lucide-clipboard-list')).not.toBeNull();
  });

  test('draws an inline svg without its scripts or handlers', () => {
    const { container } = render(
      <TabIcon
        icon={'<svg viewBox="0 0 24 24" onload="alert(1)"><script>alert(2)</script><path d="M1 1h4"/></svg>'}
      />,
    );
    const svg = container.querySelector('svg');
    expect(svg?.querySelector('path')?.getAttribute('d')).toBe('M1 1h4');
    expect(svg?.hasAttribute('onload')).toBe(false);
    expect(container.innerHTML).not.toContain('alert');
  });

  test('shows short text such as an emoji as it is', () => {
    const { container } = render(<TabIcon icon="📦" />);
    expect(container.textContent).toBe('📦');
  });

  test('an unknown icon name becomes a neutral dot, not the name as text', () => {
    const { container } = render(<TabIcon icon="no-such-icon" />);
    expect(container.textContent).toBe('');
    expect(container.querySelector('svg')).not.toBeNull();
  });

  test('a name every object has (constructor, toString…) is an unknown icon, not a component to draw', () => {
    for (const icon of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']) {
      const { container, unmount } = render(<TabIcon icon={icon} />);
      expect([icon, container.textContent, container.querySelector('svg') !== null]).toEqual([
        icon,
        '',
        true,
      ]);
      unmount();
    }
  });
});

describe('normaliseIconName', () => {
  test('reads PascalCase, snake_case and kebab-case alike', () => {
    expect(normaliseIconName('ClipboardList')).toBe('clipboard-list');
    expect(normaliseIconName('clipboard_list')).toBe('clipboard-list');
    expect(normaliseIconName(' clipboard-list ')).toBe('clipboard-list');
  });
});
