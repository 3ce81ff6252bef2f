import { loadedModule } from '@web/lib/loaded-module.ts';

/** The header's menus (`header-menus.ts`), loaded on the first use of any of them (decision 082). */
export const headerMenus = loadedModule(() => import('./header-menus.ts'));
