export * from './client.ts';
export * from './migrate.ts';
export * from './password.ts';
