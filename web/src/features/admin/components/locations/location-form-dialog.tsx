import { type FormEvent, useMemo, useState } from 'react';
import {
  type AdminDistrict,
  type AdminLocation,
  createLocationBodySchema,
  updateLocationBodySchema,
} from '../../../../../../engine/src/admin-location-schemas.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog.tsx';
import { Input } from '../../../../components/ui/input.tsx';
import { Label } from '../../../../components/ui/label.tsx';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../../components/ui/select.tsx';
import { useSaveLocation } from '../../api/save-location.ts';
import { issuesByField } from '../../form-issues.ts';
import { FormField } from '../common/form-field.tsx';
import { MutationError } from '../common/mutation-error.tsx';
import { NativeSelect } from '../common/native-select.tsx';

const DEFAULT_TIME_ZONE = 'America/New_York';

/** The runtime's IANA zones, the way the server checks them; the browser's own zone first for convenience. */
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
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open ? (
          <LocationForm
            key={location?.id ?? 'new'}
            location={location}
            districts={districts}
            defaultDistrictId={defaultDistrictId}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
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
  const [draft, setDraft] = useState<Draft>(() => ({
    name: location?.name ?? '',
    code: location?.code ?? '',
    districtId: String(location?.districtId ?? defaultDistrictId ?? districts[0]?.id ?? ''),
    timezone: location?.timezone ?? DEFAULT_TIME_ZONE,
    active: location?.active ?? true,
  }));
  const [issues, setIssues] = useState<Record<string, string>>({});
  const save = useSaveLocation();
  const zones = useMemo(() => timeZones(draft.timezone), [draft.timezone]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const values = {
      name: draft.name,
      code: draft.code,
      districtId: draft.districtId === '' ? undefined : Number(draft.districtId),
      timezone: draft.timezone,
      active: draft.active,
    };
    if (!location) {
      const parsed = createLocationBodySchema.safeParse(values);
      if (!parsed.success) return setIssues(issuesByField(parsed.error).fields);
      setIssues({});
      save.mutate({ id: null, body: parsed.data }, { onSuccess: onDone });
      return;
    }
    const change = Object.fromEntries(
      Object.entries(values).filter(([key, value]) => location[key as keyof AdminLocation] !== value),
    );
    if (Object.keys(change).length === 0) return onDone();
    const parsed = updateLocationBodySchema.safeParse(change);
    if (!parsed.success) return setIssues(issuesByField(parsed.error).fields);
    setIssues({});
    save.mutate({ id: location.id, body: parsed.data }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
      <DialogHeader className="max-sm:px-8">
        <DialogTitle>{location ? `Edit ${location.name}` : 'New location'}</DialogTitle>
        <DialogDescription>
          The code is how people and files name the café (e.g. NS-04); the time zone sets its business day.
        </DialogDescription>
      </DialogHeader>
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
              Inactive cafés leave the location picker; their history stays.
            </span>
          </Label>
        </div>
      </div>
      <MutationError error={save.error} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {location ? 'Save changes' : 'Create location'}
        </Button>
      </DialogFooter>
    </form>
  );
}
