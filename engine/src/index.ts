export * from './api-schemas.ts';
export * from './count-completion-guard.ts';
export * from './permissions.ts';
export * from './suggest-order-quantity.ts';
export * from './ui-settings.ts';
