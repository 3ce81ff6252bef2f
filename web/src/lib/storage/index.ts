export * from './local-storage.ts';
export * from './selected-action.ts';
export * from './selected-location.ts';
export * from './stored-keys.ts';
export * from './trigger-start-new-count.ts';
