import {
  type AdminDistrict,
  type AdminLocation,
  createLocationBodySchema,
  updateLocationBodySchema,
} from '@engine/admin-location-schemas.ts';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { NativeSelect } from '@web/components/ui/native-select.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { useSaveLocation } from '@web/features/admin/api/save-location.ts';
import { changedFields } from '@web/features/admin/changed-fields.ts';
import {
  DialogForm,
  FormDialog,
  FormDialogFooter,
} from '@web/features/admin/components/common/form-dialog.tsx';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { useDraft } from '@web/features/admin/hooks/use-draft.ts';
import { useSchemaIssues } from '@web/features/admin/hooks/use-schema-issues.ts';
import { useMemo, useState } from 'react';

const DEFAULT_TIME_ZONE = 'America/New_York';

/** The browser's IANA zones (older names in some browsers, which the server takes too), and the café's own. */
function timeZones(current: string): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  zones.add(current);
  return [...zones].sort();
}

interface Draft {
  name: string;
  code: string;
  districtId: string;
  timezone: string;
  active: boolean;
}

export function LocationFormDialog({
  open,
  location,
  districts,
  defaultDistrictId,
  onOpenChange,
}: {
  open: boolean;
  location: AdminLocation | null;
  districts: readonly AdminDistrict[];
  defaultDistrictId: number | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} formKey={location?.id ?? 'new'}>
      {(close) => (
        <LocationForm
          location={location}
          districts={districts}
          defaultDistrictId={defaultDistrictId}
          onDone={close}
        />
      )}
    </FormDialog>
  );
}

function LocationForm({
  location,
  districts,
  defaultDistrictId,
  onDone,
}: {
  location: AdminLocation | null;
  districts: readonly AdminDistrict[];
  defaultDistrictId: number | null;
  onDone: () => void;
}) {
  const [draft, set] = useDraft<Draft>(() => ({
    name: location?.name ?? '',
    code: location?.code ?? '',
    districtId: String(location?.districtId ?? defaultDistrictId ?? districts[0]?.id ?? ''),
    timezone: location?.timezone ?? DEFAULT_TIME_ZONE,
    active: location?.active ?? true,
  }));
  // The café as the form was opened, not as a refetch behind the open form has it since.
  const [openedAt] = useState(() => location?.updatedAt);
  const { issues, check } = useSchemaIssues();
  const save = useSaveLocation();
  const zones = useMemo(() => timeZones(draft.timezone), [draft.timezone]);

  function submit() {
    const values = {
      name: draft.name,
      code: draft.code,
      districtId: draft.districtId === '' ? undefined : Number(draft.districtId),
      timezone: draft.timezone,
      active: draft.active,
    };
    if (!location) {
      const body = check(createLocationBodySchema, values);
      if (body) save.mutate({ id: null, body }, { onSuccess: onDone });
      return;
    }
    const change = changedFields(values, location);
    if (Object.keys(change).length === 0) return onDone();
    // With the café as the form was opened: another administrator's change since is refused, not overwritten.
    const body = check(updateLocationBodySchema, { ...change, expectedUpdatedAt: openedAt });
    if (body) save.mutate({ id: location.id, body }, { onSuccess: onDone });
  }

  return (
    <DialogForm
      title={location ? `Edit ${location.name}` : 'New location'}
      description="The code is how people and files name the café (e.g. NS-04); the time zone sets its business day."
      onSubmit={submit}
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_9rem]">
        <FormField label="Name" error={issues.name}>
          {(control) => (
            <Input {...control} value={draft.name} onChange={(event) => set('name', event.target.value)} />
          )}
        </FormField>
        <FormField label="Code" error={issues.code}>
          {(control) => (
            <Input
              {...control}
              value={draft.code}
              autoCapitalize="characters"
              onChange={(event) => set('code', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="District" error={issues.districtId} className="sm:col-span-2">
          {(control) => (
            <Select value={draft.districtId} onValueChange={(value) => set('districtId', value)}>
              <SelectTrigger {...control} className="w-full">
                <SelectValue placeholder="Choose a district" />
              </SelectTrigger>
              <SelectContent>
                {districts.map((district) => (
                  <SelectItem key={district.id} value={String(district.id)}>
                    {district.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </FormField>
        <FormField label="Time zone" error={issues.timezone} className="sm:col-span-2">
          {(control) => (
            <NativeSelect
              className="flex w-full"
              {...control}
              value={draft.timezone}
              onChange={(event) => set('timezone', event.target.value)}
            >
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex min-h-11 items-center gap-3 sm:col-span-2">
          <Checkbox
            id="location-active"
            checked={draft.active}
            onCheckedChange={(value) => set('active', value === true)}
          />
          <Label htmlFor="location-active" className="flex-col items-start gap-1">
            Active
            <span className="font-normal text-xs text-muted-foreground">
              An inactive café leaves every screen, and its people lose access to it; its history stays in the
              reports of administrators and its district managers. Its records are kept and come back if it is
              made active again; the days it was closed are not held against it. Settle its orders waiting on
              a decision first.
            </span>
          </Label>
        </div>
      </div>
      <MutationError error={save.error} />
      <FormDialogFooter
        onCancel={onDone}
        pending={save.isPending}
        submitLabel={location ? 'Save changes' : 'Create location'}
      />
    </DialogForm>
  );
}
