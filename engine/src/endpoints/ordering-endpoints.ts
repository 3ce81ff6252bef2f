import type { EndpointSpec } from './endpoint.ts';

export const orderingEndpoints = {} satisfies Record<string, EndpointSpec>;
