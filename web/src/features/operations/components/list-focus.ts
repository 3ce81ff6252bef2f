import { createContext, useContext } from 'react';

/** Lets a row's input hand focus to the next row's input (Enter-to-next) through the list that owns them. */
export interface ListFocus {
  focusNext: (focusIndex: number) => void;
}

export const ListFocusContext = createContext<ListFocus | null>(null);

export function useListFocus(): ListFocus | null {
  return useContext(ListFocusContext);
}

/** The attribute the list finds inputs by; its value is the item's position in the category. */
export const FOCUS_INDEX_ATTRIBUTE = 'data-focus-index';
