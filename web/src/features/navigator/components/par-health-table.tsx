import { reportEndpointOf } from '@engine/endpoints/report-endpoints.ts';
import type { ReportRow } from '@engine/reports/report-definitions.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { endpointKeyPrefix } from '@web/lib/api-client.ts';
import { inventoryQueryKey } from '@web/lib/shared-reads/inventory.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { useState } from 'react';
import { sendPars } from '../api/update-pars.ts';
import {
  type ApplyOutcome,
  applySuggestedPars,
  isApplicable,
  suggestionKey,
} from '../model/apply-suggested-pars.ts';
import { ReportTable } from './report-table.tsx';

type Row = ReportRow<'par-health'>;

const FLAGGED = new Set<Row['verdict']>(['too low', 'too high']);

function OutcomeCell({ outcome }: { outcome: ApplyOutcome | undefined }) {
  if (!outcome) return null;
  if (outcome.status === 'applied')
    return <span className="whitespace-nowrap text-green-800">Applied: PAR {outcome.par}</span>;
  return (
    <span className="block min-w-72 whitespace-normal font-medium text-red-700">
      Refused: {outcome.reason}
    </span>
  );
}

/**
 * PAR health's table. Whoever may set PARs picks suggestions and applies them in one step, through Set PARs'
 * own route (its locks, scope check and audit), one batch per café; each row's outcome (a refusal with
 * its reason) is said above the table and beside the row.
 */
export function ParHealthTable({ rows }: { rows: readonly Row[] }) {
  const { has } = usePermissions();
  const canApply = has('set_pars');
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, ApplyOutcome>>(new Map());
  const [busy, setBusy] = useState(false);
  // The last apply's rows by name: an applied row moves in the table once its verdict changes (perhaps past the
  // rows drawn), so what happened to each is said above the table too.
  const [results, setResults] = useState<readonly { key: string; what: string; outcome: ApplyOutcome }[]>([]);

  if (!canApply) return <ReportTable name="par-health" rows={rows} />;

  const chosen = rows.filter((row) => isApplicable(row) && selected.has(suggestionKey(row)));
  // Locked PARs are left out of the sweep: applying leaves them as they are anyway.
  const flagged = rows.filter((row) => isApplicable(row) && !row.locked && FLAGGED.has(row.verdict));
  const toggle = (key: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  const apply = async () => {
    setBusy(true);
    try {
      const result = await applySuggestedPars(chosen, sendPars);
      setOutcomes((current) => new Map([...current, ...result]));
      setResults(
        chosen.flatMap((row) => {
          const outcome = result.get(suggestionKey(row));
          return outcome
            ? [{ key: suggestionKey(row), what: `${row.product} at ${row.locationCode}`, outcome }]
            : [];
        }),
      );
      setSelected(new Set());
      // The report and the cafés' inventory (Set PARs, the shopping list) read the new PARs again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: endpointKeyPrefix(reportEndpointOf('par-health')) }),
        ...[...new Set(chosen.map((row) => row.locationId))].map((locationId) =>
          queryClient.invalidateQueries({ queryKey: inventoryQueryKey(locationId) }),
        ),
      ]);
    } finally {
      setBusy(false);
    }
  };

  const applied = [...outcomes.values()].filter((outcome) => outcome.status === 'applied').length;
  const refused = outcomes.size - applied;

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={flagged.length === 0 || busy}
          onClick={() => setSelected(new Set(flagged.map(suggestionKey)))}
        >
          Select every too low or too high
        </Button>
        <Button size="sm" disabled={chosen.length === 0 || busy} onClick={() => void apply()}>
          {busy ? 'Applying…' : `Apply ${chosen.length} suggested PAR${chosen.length === 1 ? '' : 's'}`}
        </Button>
        <p role="status" className="text-sm text-muted-foreground">
          {outcomes.size > 0
            ? `${applied} applied${refused ? `, ${refused} refused` : ''}.`
            : 'Suggested PARs are applied through Set PARs; a locked PAR is left as it is.'}
        </p>
      </div>
      {results.length > 0 ? (
        <ul aria-label="Applied suggestions" className="grid gap-1 text-sm">
          {results.map(({ key, what, outcome }) => (
            <li key={key} className={outcome.status === 'applied' ? 'text-green-800' : 'text-red-700'}>
              <span className="font-medium">{what}</span>:{' '}
              {outcome.status === 'applied' ? `PAR now ${outcome.par}.` : `refused. ${outcome.reason}.`}
            </li>
          ))}
        </ul>
      ) : null}
      <ReportTable
        name="par-health"
        rows={rows}
        before={{
          header: <span className="sr-only">Apply</span>,
          cell: (row) =>
            isApplicable(row) ? (
              <Checkbox
                aria-label={`Apply suggested PAR ${row.suggestedPar} for ${row.product} at ${row.locationCode}`}
                checked={selected.has(suggestionKey(row))}
                disabled={busy}
                onCheckedChange={(value) => toggle(suggestionKey(row), value === true)}
              />
            ) : null,
        }}
        after={
          outcomes.size > 0
            ? { header: 'Result', cell: (row) => <OutcomeCell outcome={outcomes.get(suggestionKey(row))} /> }
            : undefined
        }
      />
    </div>
  );
}
