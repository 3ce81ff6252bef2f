import { ADMIN_ROLE, type RoleKey } from '@engine/permissions.ts';
import {
  type AdminUser,
  inviteUserBodySchema,
  type UserWithOneTimePassword,
  updateUserBodySchema,
} from '@engine/user-admin-schemas.ts';
import { Alert, AlertDescription } from '@web/components/ui/alert.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { useAdminDistricts } from '@web/features/admin/api/admin-districts.ts';
import { useAdminLocations } from '@web/features/admin/api/admin-locations.ts';
import { useInviteUser } from '@web/features/admin/api/invite-user.ts';
import { useUpdateUser } from '@web/features/admin/api/update-user.ts';
import { DANGER_TEXT } from '@web/features/admin/components/common/alert-tones.ts';
import {
  DialogForm,
  FormDialog,
  FormDialogFooter,
} from '@web/features/admin/components/common/form-dialog.tsx';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { allOf, QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { personName } from '@web/features/admin/format.ts';
import { useDraft } from '@web/features/admin/hooks/use-draft.ts';
import { useRoleNames } from '@web/features/admin/hooks/use-role-names.ts';
import { useSchemaIssues } from '@web/features/admin/hooks/use-schema-issues.ts';
import { useAuth } from '@web/lib/shared-reads/auth-user.ts';
import { useState } from 'react';
import { PlacesPicker } from './places-picker.tsx';

interface Draft {
  email: string;
  firstName: string;
  lastName: string;
  role: RoleKey;
  locationIds: number[];
  districtIds: number[];
}

function draftOf(user: AdminUser | null): Draft {
  return {
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    role: user?.role ?? 'staff',
    locationIds: user?.locationIds ?? [],
    districtIds: user?.districtIds ?? [],
  };
}

/** Admins see every location, so they get no places; only district managers are given whole districts. */
function placesFor(draft: Draft): Pick<Draft, 'locationIds' | 'districtIds'> {
  if (draft.role === ADMIN_ROLE) return { locationIds: [], districtIds: [] };
  return {
    locationIds: draft.locationIds,
    districtIds: draft.role === 'district_manager' ? draft.districtIds : [],
  };
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/**
 * Invite a person (`user` null) or edit one: names, role and the places they work. The engine's schema
 * checks the form before it is sent; the server's refusals (an email in use, your own role) show above the
 * buttons.
 */
export function UserFormDialog({
  open,
  user,
  onOpenChange,
  onInvited,
}: {
  open: boolean;
  user: AdminUser | null;
  onOpenChange: (open: boolean) => void;
  onInvited: (result: UserWithOneTimePassword) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} formKey={user?.id ?? 'new'} className="sm:max-w-xl">
      {(close) => <UserForm user={user} onDone={close} onInvited={onInvited} />}
    </FormDialog>
  );
}

function UserForm({
  user,
  onDone,
  onInvited,
}: {
  user: AdminUser | null;
  onDone: () => void;
  onInvited: (result: UserWithOneTimePassword) => void;
}) {
  const [draft, set] = useDraft(() => draftOf(user));
  // The user as the form was opened, not as a refetch behind the open form has them since.
  const [openedAt] = useState(() => user?.updatedAt);
  const { issues, formProblem, check } = useSchemaIssues();
  const locations = useAdminLocations();
  const districts = useAdminDistricts();
  const roleNames = useRoleNames();
  const invite = useInviteUser();
  const update = useUpdateUser();
  const mutation = user ? update : invite;
  const { user: me } = useAuth();
  const editingSelf = user !== null && me?.id === user.id;
  // Cafés ticked for them because their districts go with the district manager's role (names, for the note).
  const [keptFromDistricts, setKeptFromDistricts] = useState<string[]>([]);

  /**
   * A district manager given a café role loses their districts (decision 100): the cafés of those districts are
   * ticked for them, so a role changed by mistake, or a manager moved to run one café, keeps the places they had.
   */
  function changeRole(role: RoleKey) {
    if (draft.role === 'district_manager' && role !== 'district_manager' && role !== ADMIN_ROLE) {
      const added = (locations.data ?? []).filter(
        (location) =>
          location.active &&
          draft.districtIds.includes(location.districtId) &&
          !draft.locationIds.includes(location.id),
      );
      if (added.length > 0)
        set('locationIds', [...draft.locationIds, ...added.map((location) => location.id)]);
      setKeptFromDistricts(added.map((location) => location.name));
    } else if (role === 'district_manager' || role === ADMIN_ROLE) {
      setKeptFromDistricts([]);
    }
    set('role', role);
  }

  function submit() {
    const places = placesFor(draft);
    if (!user) {
      const body = check(inviteUserBodySchema, {
        email: draft.email,
        firstName: draft.firstName,
        lastName: draft.lastName,
        role: draft.role,
        ...places,
      });
      if (!body) return;
      invite.mutate(body, {
        onSuccess: (result) => {
          onDone();
          onInvited(result);
        },
      });
      return;
    }
    const before = placesFor(draftOf(user));
    const change = {
      ...(draft.firstName !== user.firstName ? { firstName: draft.firstName } : {}),
      ...(draft.lastName !== user.lastName ? { lastName: draft.lastName } : {}),
      ...(draft.role !== user.role ? { role: draft.role } : {}),
      ...(!sameIds(places.locationIds, before.locationIds) ? { locationIds: places.locationIds } : {}),
      ...(!sameIds(places.districtIds, before.districtIds) ? { districtIds: places.districtIds } : {}),
    };
    if (Object.keys(change).length === 0) {
      onDone();
      return;
    }
    // With the user as the form was opened: another administrator's change since is refused, not overwritten.
    const body = check(updateUserBodySchema, { ...change, expectedUpdatedAt: openedAt });
    if (body) update.mutate({ id: user.id, change: body }, { onSuccess: onDone });
  }

  return (
    <DialogForm
      title={user ? `Edit ${personName(user)}` : 'Invite a user'}
      description={
        user
          ? 'Change their name, role or the places they work. Changes apply from their next click.'
          : 'They get a one-time password, shown to you once after you invite them.'
      }
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Email" error={issues.email} className="sm:col-span-2">
          {(control) =>
            user ? (
              <Input {...control} value={user.email} readOnly disabled />
            ) : (
              <Input
                {...control}
                type="email"
                autoComplete="off"
                value={draft.email}
                onChange={(event) => set('email', event.target.value)}
              />
            )
          }
        </FormField>
        <FormField label="First name" error={issues.firstName}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              value={draft.firstName}
              onChange={(event) => set('firstName', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Last name" error={issues.lastName}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              value={draft.lastName}
              onChange={(event) => set('lastName', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Role" error={issues.role} className="sm:col-span-2">
          {(control) => (
            <Select
              value={draft.role}
              onValueChange={(value) => changeRole(value as RoleKey)}
              disabled={editingSelf}
            >
              <SelectTrigger {...control} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {roleNames.roles.map((role) => (
                  <SelectItem key={role} value={role}>
                    {roleNames.name(role)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
      </div>

      {editingSelf ? (
        <p className="-mt-2 text-muted-foreground text-xs">
          You cannot change your own role; another administrator can.
        </p>
      ) : null}
      {keptFromDistricts.length > 0 ? (
        <Alert variant="info" live="status">
          <AlertDescription>
            Their districts go with the district manager’s role, so their cafés are ticked below:{' '}
            {keptFromDistricts.join(', ')}. Untick any they should no longer work at.
          </AlertDescription>
        </Alert>
      ) : null}
      {draft.role === ADMIN_ROLE ? (
        <Alert variant="info" live="none">
          <AlertDescription>Administrators work at every location; no places to choose.</AlertDescription>
        </Alert>
      ) : locations.data && districts.data ? (
        <PlacesPicker
          locations={locations.data}
          districts={districts.data}
          locationIds={draft.locationIds}
          districtIds={draft.districtIds}
          showDistricts={draft.role === 'district_manager'}
          onLocationsChange={(ids) => set('locationIds', ids)}
          onDistrictsChange={(ids) => set('districtIds', ids)}
        />
      ) : (
        <QueryState query={allOf(locations, districts)} label="locations" />
      )}
      {draft.role !== ADMIN_ROLE &&
      draft.locationIds.length === 0 &&
      (draft.role !== 'district_manager' || draft.districtIds.length === 0) &&
      !issues.locationIds &&
      !issues.districtIds ? (
        // Allowed (a manager may be invited before their café opens), but said, so it is not an oversight.
        <p className="text-muted-foreground text-xs" data-testid="no-places-hint">
          No café chosen: they can sign in, but see no café and can count or order nothing until they are
          given one.
        </p>
      ) : null}
      {issues.locationIds || issues.districtIds ? (
        <p className="text-xs font-medium text-destructive">{issues.locationIds ?? issues.districtIds}</p>
      ) : null}

      {formProblem ? (
        <Alert variant="destructive" className={DANGER_TEXT}>
          <AlertDescription>{formProblem}</AlertDescription>
        </Alert>
      ) : null}
      <MutationError error={mutation.error} title={user ? 'Not saved' : 'Not invited'} />

      <FormDialogFooter
        onCancel={onDone}
        pending={mutation.isPending}
        submitLabel={user ? 'Save changes' : 'Invite user'}
      />
    </DialogForm>
  );
}
