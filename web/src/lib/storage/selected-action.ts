import { type OperationKey, parseOperationKey } from '@engine/operations.ts';
import { atom, useAtom } from 'jotai';
import {
  emitOperationChanged,
  readStored,
  removeStored,
  subscribeToStored,
  writeStored,
} from './local-storage.ts';
import { APP_EVENTS, STORAGE_KEYS } from './stored-keys.ts';

const KEY = STORAGE_KEYS.selectedAction;

/** The chosen operation as stored; anything that is not one of the four operations reads as none. */
export function readSelectedAction(): OperationKey | null {
  return parseOperationKey(readStored(KEY));
}

/** Stores the chosen operation (or forgets it for null) and tells this tab with `operationChanged`. */
export function storeSelectedAction(action: OperationKey | null): void {
  if (action) writeStored(KEY, action);
  else removeStored(KEY);
  emitOperationChanged(action);
}

/** Bumped whenever storage may have changed; the value atom re-reads storage when it moves. */
const selectedActionVersionAtom = atom(0);
selectedActionVersionAtom.onMount = (setVersion) => {
  const bump = () => setVersion((version) => version + 1);
  bump();
  return subscribeToStored([KEY], [APP_EVENTS.operationChanged], bump);
};

/** Follows this tab's `operationChanged` events and other tabs' storage writes. */
export const selectedActionAtom = atom(
  (get) => {
    get(selectedActionVersionAtom);
    return readSelectedAction();
  },
  (_get, set, action: OperationKey | null) => {
    storeSelectedAction(action);
    set(selectedActionVersionAtom, (version) => version + 1);
  },
);

export function useSelectedAction() {
  return useAtom(selectedActionAtom);
}
