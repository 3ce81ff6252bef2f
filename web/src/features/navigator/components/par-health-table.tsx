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
 * own route (its locks, scope check and audit), one batch per café; a refused row says why, above the table
 * and beside the row.
 */
export function ParHealthTable({ rows }: { rows: readonly Row[] }) {
  const { has } = usePermissions();
  const canApply = has('set_pars');
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [outcomes, setOutcomes] = useState<ReadonlyMap<string, ApplyOutcome>>(new Map());
  const [busy, setBusy] = useState(false);
  // Refused rows by name: an applied row may move in the table once its verdict changes, a refusal must not.
  const [refusals, setRefusals] = useState<readonly { key: string; what: string; reason: string }[]>([]);

  if (!canApply) return <ReportTable name="par-health" rows={rows} />;

  const chosen = rows.filter((row) => isApplicable(row) && selected.has(suggestionKey(row)));
  const flagged = rows.filter((row) => isApplicable(row) && FLAGGED.has(row.verdict));
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
      setRefusals(
        chosen.flatMap((row) => {
          const outcome = result.get(suggestionKey(row));
          return outcome?.status === 'refused'
            ? [
                {
                  key: suggestionKey(row),
                  what: `${row.product} at ${row.locationCode}`,
                  reason: outcome.reason,
                },
              ]
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
            : 'Suggested PARs are applied through Set PARs: locked PARs stay as they are.'}
        </p>
      </div>
      {refusals.length > 0 ? (
        <ul aria-label="Refused suggestions" className="grid gap-1 text-sm text-red-700">
          {refusals.map((refusal) => (
            <li key={refusal.key}>
              <span className="font-medium">{refusal.what}</span>: {refusal.reason}.
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
