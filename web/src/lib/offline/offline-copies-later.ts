/*
 * The offline copies' code (decision 073) loads with the first answer worth keeping, not with the first script,
 * which has a budget of its own (issue 17). Every call goes through the one module promise, so the copies are
 * taken in the order their answers came: the session's answer, which names whose they are, first.
 */

type Keeper = typeof import('./keep-offline-copy.ts');

let keeper: Promise<Keeper> | undefined;

const loadKeeper = () => {
  keeper ??= import('./keep-offline-copy.ts');
  return keeper;
};

const withKeeper = (keep: (module: Keeper) => void) =>
  loadKeeper()
    .then(keep)
    .catch((error: unknown) => console.warn('An offline copy was not kept', error));

/** `keepOfflineCopy`, once its module has loaded. */
export function keepOfflineCopyLater(url: string, status: number, body: ArrayBuffer | string): void {
  void withKeeper((module) => module.keepOfflineCopy(url, status, body));
}

/** `keepSavedItems`, once its module has loaded: the saves the kept inventories follow (decision 074). */
export function keepSavedItemsLater(update: Parameters<Keeper['keepSavedItems']>[0]): void {
  void withKeeper((module) => module.keepSavedItems(update));
}

/** Forgets the copies not handed on yet; with the module never loaded there are none. */
export async function dropPendingOfflineCopiesLater(): Promise<void> {
  if (keeper) (await keeper).dropPendingOfflineCopies();
}

/** Resolves once every copy asked for so far has been taken (tests). */
export async function offlineCopiesTaken(): Promise<void> {
  if (keeper) await keeper;
}
