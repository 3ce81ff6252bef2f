import type { EndpointSpec } from './endpoint.ts';

export const sessionEndpoints = {} satisfies Record<string, EndpointSpec>;
