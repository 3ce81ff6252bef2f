/** Local-storage keys of requirements §2–§3; the names are fixed so stored choices survive upgrades. */
export const STORAGE_KEYS = {
  selectedAction: 'selectedAction',
  selectedLocationId: 'selectedLocationId',
  selectedLocationName: 'selectedLocationName',
  selectedLocationCode: 'selectedLocationCode',
  triggerStartNewCount: 'triggerStartNewCount',
  /**
   * Beside the flag, written by versions that started the new count from the device (not a key of requirements
   * §2): removed with the flag, and no longer written, since the order itself starts the count (decision 119).
   */
  triggerStartNewCountLocationIds: 'triggerStartNewCountLocationIds',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Window events that tell the rest of this tab a stored choice changed (requirements §2). */
export const APP_EVENTS = {
  operationChanged: 'operationChanged',
  locationChanged: 'locationChanged',
} as const;

export type AppEventName = (typeof APP_EVENTS)[keyof typeof APP_EVENTS];
