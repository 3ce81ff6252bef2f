export * from './client.ts';
export * from './connection-config.ts';
export * from './migrate.ts';
export * from './password.ts';
