import { compareText } from '@engine/text-order.ts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button.tsx';
import { cafeSearch, cafesAsRead } from '@web/components/ui/cafe-search.ts';
import { Input } from '@web/components/ui/input.tsx';
import { type FilterOption, SearchSelect } from '@web/components/ui/search-select.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useAdminLocations } from '@web/features/admin/api/admin-locations.ts';
import { adminUsersQueryOptions } from '@web/features/admin/api/admin-users.ts';
import { type AuditLogFilter, useAuditLog } from '@web/features/admin/api/audit-log.ts';
import { useAuditLogEntities } from '@web/features/admin/api/audit-log-entities.ts';
import { dayRangeToInstants } from '@web/features/admin/audit-filter-dates.ts';
import { entityChoice } from '@web/features/admin/audit-words.ts';
import { EmptyState } from '@web/features/admin/components/common/empty-state.tsx';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { personName } from '@web/features/admin/format.ts';
import { useMemo, useState } from 'react';
import { AuditEntry } from './audit-entry.tsx';

const ANY = 'any';

function FilterSelect({
  label,
  value,
  onChange,
  anyLabel,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <FormField label={label} className="max-sm:col-span-2">
      {(control) => (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger {...control} className="w-full">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>{anyLabel}</SelectItem>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </FormField>
  );
}

function byLabel(a: FilterOption, b: FilterOption): number {
  return compareText(a.label, b.label);
}

/** Every write, newest first, filtered by record kind, person, café and days; older pages on request. */
export function AuditLogSection() {
  const [entity, setEntity] = useState(ANY);
  const [actor, setActor] = useState<string | null>(null);
  const [location, setLocation] = useState<string | null>(null);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  // Everyone who can sign in is read only once someone opens "Changed by": most visits never filter by person.
  const [peopleWanted, setPeopleWanted] = useState(false);
  const entities = useAuditLogEntities();
  const users = useQuery({ ...adminUsersQueryOptions(), enabled: peopleWanted });
  const locations = useAdminLocations();
  const people = useMemo(
    () =>
      (users.data ?? [])
        .map((user) => ({ value: String(user.id), label: personName(user), detail: user.email }))
        .sort(byLabel),
    [users.data],
  );
  const places = useMemo(() => cafeSearch(cafesAsRead(locations.data ?? [])).options, [locations.data]);

  const range = dayRangeToInstants(fromDay, toDay);
  const filter: AuditLogFilter = useMemo(
    () => ({
      entity: entity === ANY ? undefined : entity,
      actorId: actor === null ? undefined : Number(actor),
      locationId: location === null ? undefined : Number(location),
      from: range.from,
      to: range.to,
    }),
    [entity, actor, location, range.from, range.to],
  );
  const log = useAuditLog(filter);
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = entity !== ANY || actor !== null || location !== null || fromDay !== '' || toDay !== '';

  function clear() {
    setEntity(ANY);
    setActor(null);
    setLocation(null);
    setFromDay('');
    setToDay('');
  }

  return (
    <SectionCard
      title="Audit log"
      description="Every change anyone made — counts, PARs, orders and settings — with what it was before and after."
      actions={
        filtered ? (
          <Button variant="outline" onClick={clear}>
            Clear filters
          </Button>
        ) : undefined
      }
    >
      <div className="mb-5 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <FilterSelect
          label="Record"
          value={entity}
          onChange={setEntity}
          anyLabel="All records"
          options={(entities.data ?? []).map((name) => ({ value: name, label: entityChoice(name) }))}
        />
        <FormField label="Changed by" className="max-sm:col-span-2">
          {(control) => (
            <SearchSelect
              control={control}
              fill
              value={actor}
              onChange={setActor}
              options={people}
              anyLabel="Anyone"
              noun="people"
              searchLabel="Search people"
              placeholder="Type a name or email"
              loading={users.isPending}
              onOpenChange={(open) => open && setPeopleWanted(true)}
            />
          )}
        </FormField>
        <FormField label="Location" className="max-sm:col-span-2">
          {(control) => (
            <SearchSelect
              control={control}
              fill
              value={location}
              onChange={setLocation}
              options={places}
              anyLabel="All locations"
              noun="cafés"
              searchLabel="Search cafés"
              placeholder="Type a name or code"
              loading={locations.isPending}
            />
          )}
        </FormField>
        <FormField label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              value={fromDay}
              onChange={(event) => setFromDay(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="To" error={range.problem}>
          {(control) => (
            <Input
              {...control}
              type="date"
              value={toDay}
              onChange={(event) => setToDay(event.target.value)}
            />
          )}
        </FormField>
      </div>

      {range.problem ? null : (
        <>
          <QueryState query={log} label="audit log" />
          {log.data && entries.length === 0 ? (
            <EmptyState>
              {filtered ? 'No changes match these filters.' : 'No changes recorded yet.'}
            </EmptyState>
          ) : null}
          {entries.length > 0 ? (
            <ol aria-label="Changes, newest first" className="divide-y">
              {entries.map((entry) => (
                <AuditEntry key={entry.id} entry={entry} />
              ))}
            </ol>
          ) : null}
          {log.hasNextPage ? (
            <div className="mt-5 flex justify-center">
              <Button
                variant="outline"
                // Marked, not disabled, while loading: a disabled button drops the keyboard's focus to the page's body.
                aria-disabled={log.isFetchingNextPage || undefined}
                className="aria-disabled:opacity-50"
                onClick={() => {
                  if (!log.isFetchingNextPage) void log.fetchNextPage();
                }}
              >
                {log.isFetchingNextPage ? <Spinner label="Loading older changes" /> : null}
                Load older changes
              </Button>
            </div>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
