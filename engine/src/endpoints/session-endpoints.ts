import { z } from 'zod';
import { authUserSchema, userRoleSchema } from '../api-schemas.ts';
import { healthResponseSchema } from '../health-schema.ts';
import { permissionsMapSchema } from '../permissions.ts';
import { defineEndpoint, type EndpointSpec } from './endpoint.ts';

/**
 * Where the landing page's sign-in link may send someone back to after signing in. Anything is accepted
 * here: the server keeps only a path of this site and ignores the rest, so a bad value is no error.
 */
const signInRedirectQuerySchema = z.object({ returnTo: z.string().optional().catch(undefined) });

/**
 * Health, signing out, and who the signed-in person is and what their role may do: the reads every start of the
 * app makes. Signing in and changing a password are in `credential-endpoints.ts`, so that the rules of their
 * forms (a password's) are built with the pages that use them, not by every start (bench/README.md).
 */
export const sessionEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    summary:
      'Whether the service and its database answer (503 when the database does not), for load balancers and monitors.',
    response: healthResponseSchema,
    errors: [],
    access: 'public',
    scope: { kind: 'none' },
  }),
  signOut: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout',
    summary:
      'End the session the browser presents and clear its cookie; harmless when signed out. 204 for a script; a form post (the sign-out page) gets 303 to the landing page.',
    response: 'empty',
    status: 204,
    errors: [],
    access: 'public',
    scope: { kind: 'none' },
  }),
  signInRedirect: defineEndpoint({
    method: 'GET',
    path: '/api/login',
    summary: "The landing page's sign-in link: redirects to the sign-in page, keeping a same-site returnTo.",
    query: signInRedirectQuerySchema,
    response: 'redirect',
    status: 302,
    errors: [],
    access: 'public',
    scope: { kind: 'none' },
  }),
  signOutPage: defineEndpoint({
    method: 'GET',
    path: '/api/logout',
    summary:
      'A page with a "Sign out" button that posts to /api/auth/logout. Following a link, from this site or another, never ends a session.',
    response: 'html',
    errors: [],
    access: 'public',
    scope: { kind: 'none' },
  }),
  currentUser: defineEndpoint({
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user with their claims; 401 means signed out.',
    response: authUserSchema,
    errors: [],
    access: 'signed-in',
    scope: { kind: 'none' },
    openDuringPasswordChange: true,
  }),
  currentUserRole: defineEndpoint({
    method: 'GET',
    path: '/api/auth/user-role',
    summary: "The signed-in user's role.",
    response: userRoleSchema,
    errors: [],
    access: 'signed-in',
    scope: { kind: 'none' },
    openDuringPasswordChange: true,
  }),
  permissions: defineEndpoint({
    method: 'GET',
    path: '/api/permissions',
    summary: 'Every role with its permission keys; admin always with every key.',
    response: permissionsMapSchema,
    errors: [],
    access: 'signed-in',
    scope: { kind: 'none' },
    openDuringPasswordChange: true,
  }),
} satisfies Record<string, EndpointSpec>;
