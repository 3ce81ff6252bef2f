import { readTypedDecimal } from '@engine/input/quantity.ts';
import type { SquareOverview } from '@engine/square-schemas.ts';
import { Button } from '@web/components/ui/button.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { useUpdateSquareSettings } from '@web/features/admin/api/square.ts';
import { FormField } from '@web/features/admin/components/common/form-field.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useState } from 'react';

/** The variance (count − Square) beyond which a Nightly Counts row is marked. */
export function SquareVarianceSettings({ overview }: { overview: SquareOverview }) {
  const save = useUpdateSquareSettings();
  const [text, setText] = useState(String(overview.varianceThreshold));
  // A plain decimal only: `0x10` or `1e3` is no threshold anyone meant.
  const typed = readTypedDecimal(text);
  const value = typed.kind === 'number' ? typed.value : Number.NaN;
  const invalid = typed.kind !== 'number';
  return (
    <SectionCard
      title="Variance"
      headingId="square-variance"
      description="Nightly Counts mark a row when the count and Square’s on-hand differ by more than this."
    >
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) save.mutate({ varianceThreshold: value });
        }}
      >
        <FormField label="Mark differences above" error={invalid ? 'Enter 0 or more.' : null}>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="sm:w-32"
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={invalid || save.isPending}>
          Save
        </Button>
      </form>
      <MutationError error={save.error} />
    </SectionCard>
  );
}
