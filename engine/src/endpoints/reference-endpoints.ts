import type { EndpointSpec } from './endpoint.ts';

export const referenceEndpoints = {} satisfies Record<string, EndpointSpec>;
