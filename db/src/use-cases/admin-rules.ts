import type { Actor } from '@engine/actor.ts';
import { AppError } from '@engine/errors/app-error.ts';
import { permissionMessage } from '@engine/errors/refusal-messages.ts';

export const ADMIN_ONLY_MESSAGE = permissionMessage(
  'give the admin role, change an administrator or change what roles may do: only an administrator can',
);

/**
 * admin_panel can be granted to other roles; they may run the admin screens but not make themselves (or
 * anyone) an administrator, nor touch one: that would turn a delegated permission into every permission.
 */
export function assertMayTouchAdmins(actor: Actor, roles: readonly (string | undefined)[]): void {
  if (actor.role !== 'admin' && roles.includes('admin')) throw AppError.forbidden(ADMIN_ONLY_MESSAGE);
}

export function assertAdminRole(actor: Actor): void {
  if (actor.role !== 'admin') throw AppError.forbidden(ADMIN_ONLY_MESSAGE);
}

/** A 400 for a rule with several findings: the first in the message, every one in `details.problems`. */
export function refusedWithProblems(problems: readonly string[]): AppError {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return AppError.validation(`${problems[0] ?? 'The request is not valid'}${more}`, { problems });
}
