import { type OperationKey, parseOperationKey } from '@engine/operations.ts';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { atom, useAtom } from 'jotai';
import { useEffect, useRef } from 'react';
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

declare module '@tanstack/history' {
  interface HistoryState {
    /** The operation the main screen showed on this entry of the tab's history (null: the home list). */
    operation?: OperationKey | null;
  }
}

/**
 * Chooses an operation (null: the home list) as a step of the tab's history, so that a phone's Back returns to the
 * screen before instead of leaving the app: the main screen's address stays /, and each entry records its operation.
 */
export function useChooseOperation(): (action: OperationKey | null) => void {
  const [, setAction] = useAtom(selectedActionAtom);
  const navigate = useNavigate();
  return (action) => {
    setAction(action);
    void navigate({ to: '/', state: { operation: action } });
  };
}

/**
 * Back and Forward on the main screen: an entry shows the operation it recorded; the entry the screen opened on shows
 * what it opened with (the stored choice, which a reload keeps).
 */
export function useOperationHistory(): void {
  const [action, setAction] = useAtom(selectedActionAtom);
  const state = useRouterState({ select: (router) => router.location.state });
  const opened = useRef({ key: state.__TSR_key, action });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a move through the history applies its entry
  useEffect(() => {
    const shown = state.__TSR_key === opened.current.key ? opened.current.action : (state.operation ?? null);
    if (shown !== action) setAction(shown);
  }, [state.__TSR_key]);
}
