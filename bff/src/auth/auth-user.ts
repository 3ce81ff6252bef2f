import type { AuthUser } from '@engine/api-schemas.ts';
import type { CurrentUser } from './current-user.ts';

/** The user object of the requirements (§3); claims mirror the fields an OpenID-style client reads. */
export function toAuthUser(user: CurrentUser): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    // The stored picture or null; the web shows initials then (no third-party avatar lookups).
    profileImageUrl: user.profileImageUrl,
    mustChangePassword: user.mustChangePassword,
    claims: {
      sub: String(user.id),
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      profileImageUrl: user.profileImageUrl,
    },
  };
}
