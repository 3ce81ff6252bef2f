import type { LoadedModule } from '@web/lib/loaded-module.ts';
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** What the drawn trigger passes on to its button, so that using it loads the menu. */
export interface MenuTriggerUse {
  onPointerEnter: (event: PointerEvent) => void;
  onFocus: () => void;
  onPointerDown: (event: PointerEvent) => void;
  onClick: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}

/** What a dropdown menu's Radix trigger says while closed: the drawn trigger of such a menu says it too. */
export const CLOSED_MENU_TRIGGER = {
  'aria-haspopup': 'menu',
  'aria-expanded': false,
  'data-state': 'closed',
} as const;

/**
 * A header menu whose code loads on first use (decision 082). Until the menus' chunk has arrived, `trigger` draws
 * the closed control as the menu draws it, and a start runs none of the menu's code (Radix's positioning, focus
 * trapping, dismissal, typeahead). Pointing at a trigger with a mouse or focusing it loads the chunk; opening it (a
 * press, a tap, Enter, Space, an arrow key) loads it and asks for that menu open. Once the chunk arrives, every
 * menu of it swaps in: closed and keeping the focus on its trigger, or open if that was asked. A load that fails
 * leaves the drawn triggers, and the next use tries again.
 */
export function MenuOnFirstUse<Module>({
  chunk,
  trigger,
  menu,
}: {
  chunk: LoadedModule<Module>;
  trigger: (use: MenuTriggerUse) => ReactNode;
  /** The real menu, open at first when `open` (its `defaultOpen`). */
  menu: (module: Module, open: boolean) => ReactNode;
}) {
  const [module, setModule] = useState<Module | undefined>(() => chunk.current());
  const [openAtFirst, setOpenAtFirst] = useState(false);
  const openAsked = useRef(false);
  const box = useRef<HTMLSpanElement>(null);
  // The drawn trigger had the focus when the menu swapped in closed: the menu's own trigger takes it over.
  const keepFocus = useRef(false);

  useEffect(() => {
    if (module !== undefined) return;
    const swapIn = (arrived: Module) => {
      keepFocus.current = !openAsked.current && (box.current?.contains(document.activeElement) ?? false);
      setModule(() => arrived);
    };
    const arrived = chunk.current();
    if (arrived !== undefined) {
      swapIn(arrived);
      return;
    }
    return chunk.onArrival(swapIn);
  }, [chunk, module]);

  useLayoutEffect(() => {
    if (module === undefined || !keepFocus.current) return;
    keepFocus.current = false;
    box.current?.querySelector<HTMLElement>('button')?.focus();
  }, [module]);

  const load = useCallback(
    (open: boolean) => {
      if (open) {
        openAsked.current = true;
        setOpenAtFirst(true);
      }
      // Offline with nothing kept, or a new version: the drawn trigger stays, and the next use tries again.
      chunk.load().catch(() => {
        openAsked.current = false;
        setOpenAtFirst(false);
      });
    },
    [chunk],
  );

  return (
    // `display: contents`: the box adds nothing to the header's layout; it only finds the trigger for the focus.
    <span ref={box} className="contents">
      {module !== undefined
        ? menu(module, openAtFirst)
        : trigger({
            // A touch's pointer enters as it presses: its tap opens the menu on the click instead.
            onPointerEnter: (event) => {
              if (event.pointerType === 'mouse') load(false);
            },
            onFocus: () => load(false),
            onPointerDown: (event) => {
              // A mouse opens a menu as its button goes down, as Radix does; touch and pen open on the click.
              if (event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey) {
                event.preventDefault();
                load(true);
              }
            },
            onClick: () => load(true),
            onKeyDown: (event) => {
              if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                event.preventDefault();
                load(true);
              }
            },
          })}
    </span>
  );
}
