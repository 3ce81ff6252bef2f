import { useRef } from 'react';

/**
 * The control to give focus back to: the one focused when the dialog opened, or, when that was an item of a menu
 * (the item is gone once the menu closes), the button that opened the menu.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  if (!active.closest('[role="menu"]')) return active;
  return document.querySelector<HTMLElement>('[aria-haspopup="menu"][aria-expanded="true"]') ?? active;
}

/**
 * A dialog opened by code, not by a Radix trigger, leaves Radix nothing to give focus back to: it stayed on the
 * page's body, and a keyboard user closing the dialog with Escape started again from the top. Remembers the control
 * that had focus when `open` became true and returns the dialog's `onCloseAutoFocus`, which focuses it again
 * (`own` runs first; when it prevents the default, it has placed the focus itself).
 */
export function useFocusReturn(open: boolean, own?: (event: Event) => void): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  if (open && opener.current === null && typeof document !== 'undefined') {
    opener.current = openerOf(document.activeElement);
  }
  return (event) => {
    own?.(event);
    const back = opener.current;
    opener.current = null;
    if (event.defaultPrevented || !back?.isConnected) return;
    event.preventDefault();
    back.focus();
  };
}
