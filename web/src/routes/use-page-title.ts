import { useEffect } from 'react';

export const APP_TITLE = 'Parstock — Inventory management for café chains';

/** Names the browser tab after the screen, so several open tabs stay tellable apart. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · Parstock` : APP_TITLE;
  }, [title]);
}
