import type { AdminLocation } from '@engine/admin-location-schemas.ts';
import type { RoleKey } from '@engine/permissions.ts';
import { cafeSearch, cafesAsRead } from '@web/components/ui/cafe-search.ts';
import { SearchSelect } from '@web/components/ui/search-select.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { useMemo } from 'react';
import type { UserListView, UserSort, UserStatusFilter } from './user-list-view.ts';

const STATUSES: readonly { value: UserStatusFilter; label: string }[] = [
  { value: 'all', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'one_time_password', label: 'On a one-time password' },
  { value: 'deactivated', label: 'Deactivated' },
];

const SORTS: readonly { value: UserSort; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'role', label: 'Role' },
  { value: 'last_sign_in', label: 'Last sign-in, latest first' },
];

function ChoiceField<Value extends string>({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  choices: readonly { value: Value; label: string }[];
}) {
  return (
    <FormField label={label}>
      {(control) => (
        <Select value={value} onValueChange={(next) => onChange(next as Value)}>
          <SelectTrigger {...control} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {choices.map((choice) => (
              <SelectItem key={choice.value} value={choice.value}>
                {choice.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

/** The Users list's filters (role, status, café) and its order. */
export function UsersFilters({
  view,
  onChange,
  roles,
  roleName,
  locations,
}: {
  view: UserListView;
  onChange: (view: UserListView) => void;
  roles: readonly RoleKey[];
  roleName: (role: string) => string;
  locations: readonly AdminLocation[] | undefined;
}) {
  const cafés = useMemo(() => cafeSearch(cafesAsRead(locations ?? [])).options, [locations]);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <ChoiceField
        label="Role"
        value={view.role}
        onChange={(role) => onChange({ ...view, role })}
        choices={[
          { value: 'all' as const, label: 'Any role' },
          ...roles.map((role) => ({ value: role, label: roleName(role) })),
        ]}
      />
      <ChoiceField
        label="Status"
        value={view.status}
        onChange={(status) => onChange({ ...view, status })}
        choices={STATUSES}
      />
      <FormField label="Café">
        {(control) => (
          <SearchSelect
            control={control}
            fill
            value={view.locationId === null ? null : String(view.locationId)}
            onChange={(value) => onChange({ ...view, locationId: value === null ? null : Number(value) })}
            options={cafés}
            anyLabel="Any café"
            noun="cafés"
            searchLabel="Search cafés"
            placeholder="Type a name or code"
            loading={locations === undefined}
          />
        )}
      </FormField>
      <ChoiceField
        label="Sort by"
        value={view.sort}
        onChange={(sort) => onChange({ ...view, sort })}
        choices={SORTS}
      />
    </div>
  );
}
