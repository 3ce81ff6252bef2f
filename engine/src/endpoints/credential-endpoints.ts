import { authUserSchema, loginBodySchema } from '../api-schemas.ts';
import { changePasswordBodySchema } from '../password-change-schemas.ts';
import { defineEndpoint, type EndpointSpec } from './endpoint.ts';

/** Signing in, and replacing one's own password: the two writes that take a password. */
export const credentialEndpoints = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password; sets the session cookie and answers the signed-in user.',
    body: loginBodySchema,
    response: authUserSchema,
    errors: ['unauthorized', 'account_deactivated'],
    access: 'public',
    scope: { kind: 'none' },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    summary:
      'Replace the signed-in user’s password after checking the current one; ends every other session and rotates this one.',
    body: changePasswordBodySchema,
    response: authUserSchema,
    errors: ['conflict'],
    access: 'signed-in',
    scope: { kind: 'none' },
    openDuringPasswordChange: true,
  }),
} satisfies Record<string, EndpointSpec>;
