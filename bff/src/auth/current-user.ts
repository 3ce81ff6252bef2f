import type { Actor } from '@engine/actor.ts';
import type { PermissionKey, RoleKey } from '@engine/permissions.ts';

/** The signed-in person a request acts for, resolved once per request by the auth plugin. */
export interface CurrentUser extends Actor {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: RoleKey;
  profileImageUrl: string | null;
  permissions: ReadonlySet<PermissionKey>;
  /** The active cafés this user may act on, read with the session (decision 037). */
  locationScope: ReadonlySet<number>;
  /** Still on a one-time password: every route outside the auth plugin's short list answers 403. */
  mustChangePassword: boolean;
  /** SHA-256 of the session id, to end exactly this session. */
  sessionIdHash: string;
  /**
   * The access epoch this access was read at (decision 063): set only on routes whose write confirms it. The
   * handler must pass it to that write, which refuses to write if the epoch has moved.
   */
  accessEpoch?: string;
}

export type { AccessRule } from '@engine/endpoints/endpoint.ts';
