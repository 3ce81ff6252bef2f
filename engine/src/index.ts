export * from './api-schemas.ts';
export * from './permissions.ts';
export * from './ui-settings.ts';
