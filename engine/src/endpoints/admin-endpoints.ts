import type { EndpointSpec } from './endpoint.ts';

export const adminEndpoints = {} satisfies Record<string, EndpointSpec>;
