import { describe, expect, test } from 'bun:test';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { type LoadedModule, loadedModule } from '@web/lib/loaded-module.ts';
import { flushPromises } from '@web-test/timers.ts';
import { MenuOnFirstUse } from './menu-on-first-use.tsx';

/** The menus' module as these tests load it: one menu that says whether it was opened at first. */
interface Menus {
  Menu: (props: { name: string; open: boolean }) => React.ReactNode;
}

const menus: Menus = {
  Menu: ({ name, open }) => (
    <button type="button" data-menu={open ? 'open' : 'closed'}>
      {name}
    </button>
  ),
};

/** An importer the test settles by hand, counting its calls. */
function manualChunk() {
  const calls: { resolve: (module: Menus) => void; reject: (error: Error) => void }[] = [];
  const chunk = loadedModule(
    () =>
      new Promise<Menus>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  return { chunk, calls };
}

function Control({ chunk, name }: { chunk: LoadedModule<Menus>; name: string }) {
  return (
    <MenuOnFirstUse
      chunk={chunk}
      trigger={(use) => (
        <button type="button" data-drawn {...use}>
          {name}
        </button>
      )}
      menu={({ Menu }, open) => <Menu name={name} open={open} />}
    />
  );
}

const control = (name: string) => screen.getByRole('button', { name });
const arrive = async (settle: () => void) =>
  act(async () => {
    settle();
    await flushPromises();
  });

describe('MenuOnFirstUse', () => {
  test('draws the trigger and loads nothing while nobody uses it', () => {
    const { chunk, calls } = manualChunk();
    render(<Control chunk={chunk} name="Operations" />);
    expect(control('Operations').hasAttribute('data-drawn')).toBe(true);
    expect(calls).toHaveLength(0);
  });

  test('a mouse pointing at it loads the menu, which comes in closed', async () => {
    const { chunk, calls } = manualChunk();
    render(<Control chunk={chunk} name="Operations" />);
    fireEvent.pointerOver(control('Operations'), { pointerType: 'mouse' });
    expect(calls).toHaveLength(1);
    await arrive(() => calls[0]?.resolve(menus));
    expect(control('Operations').getAttribute('data-menu')).toBe('closed');
  });

  test('a touch entering loads nothing; its tap loads the menu and opens it', async () => {
    const { chunk, calls } = manualChunk();
    render(<Control chunk={chunk} name="Operations" />);
    fireEvent.pointerOver(control('Operations'), { pointerType: 'touch' });
    fireEvent.pointerDown(control('Operations'), { pointerType: 'touch', button: 0 });
    expect(calls).toHaveLength(0);
    fireEvent.click(control('Operations'));
    expect(calls).toHaveLength(1);
    await arrive(() => calls[0]?.resolve(menus));
    expect(control('Operations').getAttribute('data-menu')).toBe('open');
  });

  test('a mouse press opens it, as a press on the loaded menu would', async () => {
    const { chunk, calls } = manualChunk();
    render(<Control chunk={chunk} name="Operations" />);
    fireEvent.pointerDown(control('Operations'), { pointerType: 'mouse', button: 0 });
    await arrive(() => calls[0]?.resolve(menus));
    expect(control('Operations').getAttribute('data-menu')).toBe('open');
  });

  test('an arrow key opens it; other keys do not', async () => {
    const { chunk, calls } = manualChunk();
    render(<Control chunk={chunk} name="Operations" />);
    fireEvent.keyDown(control('Operations'), { key: 'Tab' });
    expect(calls).toHaveLength(0);
    fireEvent.keyDown(control('Operations'), { key: 'ArrowDown' });
    await arrive(() => calls[0]?.resolve(menus));
    expect(control('Operations').getAttribute('data-menu')).toBe('open');
  });

  test('the focus on the drawn trigger stays on the menu’s own', async () => {
    const { chunk, calls } = manualChunk();
    render(<Control chunk={chunk} name="Operations" />);
    act(() => control('Operations').focus());
    expect(calls).toHaveLength(1);
    await arrive(() => calls[0]?.resolve(menus));
    expect(control('Operations').getAttribute('data-menu')).toBe('closed');
    expect(document.activeElement).toBe(control('Operations'));
  });

  test('one use brings in every menu of the chunk; only the used one opens', async () => {
    const { chunk, calls } = manualChunk();
    render(
      <>
        <Control chunk={chunk} name="Operations" />
        <Control chunk={chunk} name="Location" />
      </>,
    );
    fireEvent.click(control('Location'));
    await arrive(() => calls[0]?.resolve(menus));
    expect(control('Location').getAttribute('data-menu')).toBe('open');
    expect(control('Operations').getAttribute('data-menu')).toBe('closed');
    expect(document.activeElement).not.toBe(control('Operations'));
  });

  test('a chunk already loaded draws the menu at once', async () => {
    const { chunk, calls } = manualChunk();
    const loading = chunk.load();
    calls[0]?.resolve(menus);
    await loading;
    render(<Control chunk={chunk} name="Operations" />);
    expect(control('Operations').getAttribute('data-menu')).toBe('closed');
  });

  test('a load that fails leaves the trigger, and the next use tries again', async () => {
    const { chunk, calls } = manualChunk();
    render(<Control chunk={chunk} name="Operations" />);
    fireEvent.click(control('Operations'));
    await arrive(() => calls[0]?.reject(new Error('Failed to fetch dynamically imported module')));
    expect(control('Operations').hasAttribute('data-drawn')).toBe(true);
    fireEvent.click(control('Operations'));
    expect(calls).toHaveLength(2);
    await arrive(() => calls[1]?.resolve(menus));
    expect(control('Operations').getAttribute('data-menu')).toBe('open');
  });
});
