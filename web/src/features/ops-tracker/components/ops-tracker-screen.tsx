import { EARLIEST_YEAR } from '@engine/input/calendar.ts';
import { OPS_SIGNAL_KEYS, OPS_SIGNAL_LEGEND, type Rag, worstRag } from '@engine/ops-signals.ts';
import { opsTrackerCsv } from '@engine/ops-tracker-csv.ts';
import type { OpsTrackerRow } from '@engine/ops-tracker-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { ReadFailed } from '@web/components/ui/read-failed.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { useOpsTracker } from '@web/features/ops-tracker/api/ops-tracker.ts';
import { useWideLayout } from '@web/features/ops-tracker/hooks/use-wide-layout.ts';
import { shownDayStatus } from '@web/features/ops-tracker/model/shown-day-status.ts';
import { groupByDistrict, pastDayLinksNote } from '@web/features/ops-tracker/model/signal-cells.ts';
import { PageHeader } from '@web/features/screens/components/page-header.tsx';
import { formatDateTime } from '@web/lib/display-format.ts';
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { RAG_NAME, RagMark, SignalCell } from './signal-cell.tsx';

function downloadCsv(rows: readonly OpsTrackerRow[], date: string) {
  const url = URL.createObjectURL(new Blob([opsTrackerCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `ops-tracker-${date}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface GridProps {
  rows: readonly OpsTrackerRow[];
  /** The earlier day the rows are of, or null for today: the cells' links open that day where they can. */
  shownDate: string | null;
}

function CafeName({ row }: { row: OpsTrackerRow }) {
  const worst = worstRag(OPS_SIGNAL_KEYS.map((key) => row.signals[key]));
  return (
    <div className="flex min-w-0 items-center gap-2">
      <RagMark rag={worst} label={`Worst signal: ${RAG_NAME[worst]}`} />
      <div className="min-w-0">
        <p className="truncate font-medium text-foreground">{row.location.name}</p>
        <p className="text-muted-foreground text-xs">{row.location.code}</p>
      </div>
    </div>
  );
}

function GridTable({ rows, shownDate }: GridProps) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full border-separate border-spacing-x-1.5 border-spacing-y-1.5 text-sm">
        <thead>
          <tr className="text-left text-muted-foreground">
            <th scope="col" className="px-2 font-medium">
              Café
            </th>
            {OPS_SIGNAL_KEYS.map((key) => (
              <th key={key} scope="col" className="px-2 font-medium">
                {OPS_SIGNAL_LEGEND[key].label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groupByDistrict(rows).map((group) => [
            <tr key={`d${group.district.id}`}>
              <th
                colSpan={OPS_SIGNAL_KEYS.length + 1}
                scope="colgroup"
                className="px-2 pt-3 text-left font-semibold text-foreground"
              >
                {group.district.name}
              </th>
            </tr>,
            ...group.rows.map((row) => (
              <tr key={row.location.id} data-testid="ops-row" data-location-code={row.location.code}>
                <th scope="row" className="max-w-52 px-2 text-left font-normal">
                  <CafeName row={row} />
                </th>
                {OPS_SIGNAL_KEYS.map((key) => (
                  <td key={key}>
                    <SignalCell signal={key} row={row} shownDate={shownDate} />
                  </td>
                ))}
              </tr>
            )),
          ])}
        </tbody>
      </table>
    </div>
  );
}

/** On a phone each café is a card with its six signals in two columns. */
function GridCards({ rows, shownDate }: GridProps) {
  return (
    <div className="grid grid-cols-1 gap-4">
      {groupByDistrict(rows).map((group) => (
        <section key={group.district.id} aria-label={group.district.name} className="grid grid-cols-1 gap-2">
          <h2 className="font-semibold text-foreground">{group.district.name}</h2>
          {group.rows.map((row) => (
            <Card
              key={row.location.id}
              className="gap-2 px-3 py-3"
              data-testid="ops-card"
              data-location-code={row.location.code}
            >
              <CafeName row={row} />
              <dl className="grid grid-cols-2 gap-2">
                {OPS_SIGNAL_KEYS.map((key) => (
                  <div key={key} className="min-w-0">
                    <dt className="mb-0.5 text-muted-foreground text-xs">{OPS_SIGNAL_LEGEND[key].label}</dt>
                    <dd>
                      <SignalCell signal={key} row={row} shownDate={shownDate} />
                    </dd>
                  </div>
                ))}
              </dl>
            </Card>
          ))}
        </section>
      ))}
    </div>
  );
}

function Grid(props: GridProps) {
  return useWideLayout() ? <GridTable {...props} /> : <GridCards {...props} />;
}

function Legend() {
  const rags: Rag[] = ['green', 'amber', 'red'];
  return (
    <Card className="gap-3 px-4 py-4 sm:px-5">
      <h2 className="font-medium text-foreground">How each cell is coloured</h2>
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        {OPS_SIGNAL_KEYS.map((key) => (
          <div key={key}>
            <dt className="font-medium text-foreground">{OPS_SIGNAL_LEGEND[key].label}</dt>
            {rags.map((rag) => (
              <dd key={rag} className="mt-1 flex items-start gap-2 text-muted-foreground">
                <span className="mt-0.5">
                  <RagMark rag={rag} />
                </span>
                <span>
                  <span className="sr-only">{RAG_NAME[rag]}: </span>
                  {OPS_SIGNAL_LEGEND[key][rag]}
                </span>
              </dd>
            ))}
          </div>
        ))}
      </dl>
      <p className="text-muted-foreground text-xs">
        Each café's day is its own calendar day in its time zone. An earlier day shows as it ended: what was
        done after midnight counts as late. PARs, and the products a count is measured against, are as they
        stand now.
      </p>
    </Card>
  );
}

/**
 * A year typed digit by digit passes through 0002, 0020 and 0202 before 2026: no day the tracker has (they come
 * before 1970), held in the field while typed rather than answered with today, which would reset the field.
 */
function isYearBeingTyped(typed: string): boolean {
  const year = /^(\d{4})-\d{2}-\d{2}$/.exec(typed)?.[1];
  return year !== undefined && Number(year) < EARLIEST_YEAR;
}

export interface OpsTrackerScreenProps {
  /** The earlier day shown as it ended, or undefined for today's live view. */
  day: string | undefined;
  /** The day the field shows for the live view, and the latest it offers. */
  today: string;
  /** What was chosen in the day field, as typed: the page decides which day that is. */
  onDayChange: (typed: string) => void;
}

/** District Ops Tracker (product.md): every café of the user's districts against the day's signals. */
export function OpsTrackerScreen({ day, today, onDayChange }: OpsTrackerScreenProps) {
  const dateId = useId();
  const [typing, setTyping] = useState<string | null>(null);
  const grid = useOpsTracker(day);
  // The cells tell the cafés' times on their own clock; the update time is told on it too when they share one, so
  // a browser in another zone does not read "updated 4:37 PM" beside a café's "11:32" (formatDateTime names it).
  const zones = new Set(grid.data?.rows.map((row) => row.location.timezone));
  const cafesZone = zones.size === 1 ? [...zones][0] : undefined;
  const rows = grid.data?.rows ?? [];

  return (
    <div className="grid grid-cols-1 gap-4">
      <PageHeader
        title="District Ops Tracker"
        description="Each café's day at a glance. A cell opens the screen that fixes it."
        actions={
          <Button variant="outline" disabled={!grid.data} onClick={() => downloadCsv(rows, day ?? today)}>
            <Download aria-hidden /> Export CSV
          </Button>
        }
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={dateId}>Day shown</Label>
          <Input
            id={dateId}
            type="date"
            className="w-44"
            max={today}
            // Today shows as its date; choosing it, a later day or clearing the field is the live view, not a day that ended.
            value={typing ?? day ?? today}
            onChange={(event) => {
              const typed = event.target.value;
              const held = isYearBeingTyped(typed);
              setTyping(held ? typed : null);
              if (!held) onDayChange(typed);
            }}
            onBlur={() => setTyping(null)}
          />
        </div>
        {day ? (
          <Button variant="ghost" onClick={() => onDayChange(today)}>
            Back to today
          </Button>
        ) : null}
        <p role="status" className="pb-2 text-muted-foreground text-sm">
          {grid.data
            ? day
              ? shownDayStatus(day, rows)
              : `Today · updated ${formatDateTime(grid.data.generatedAt, cafesZone)}${grid.isError ? '' : ', refreshes every minute'}`
            : ''}
        </p>
      </div>
      {grid.isError && grid.data ? (
        // A wall screen must not go on showing colours that stopped following the cafés without a word.
        <ReadFailed
          title={`Not updated since ${formatDateTime(grid.data.generatedAt, cafesZone)}: the cells show the cafés as they were then`}
          error={grid.error}
          onRetry={() => grid.refetch()}
        />
      ) : null}
      {grid.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading the District Ops Tracker" />
        </div>
      ) : grid.isError && !grid.data ? (
        <ReadFailed
          title="The District Ops Tracker could not load"
          error={grid.error}
          onRetry={() => grid.refetch()}
        />
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground">
          {grid.data?.date
            ? `None of your cafés had opened by ${grid.data.date}.`
            : 'No cafés are assigned to you.'}
        </p>
      ) : (
        <>
          {grid.data?.date ? (
            <p className="text-muted-foreground text-sm">{pastDayLinksNote(grid.data.date)}</p>
          ) : null}
          <Grid rows={rows} shownDate={grid.data?.date ?? null} />
        </>
      )}
      <Legend />
    </div>
  );
}
