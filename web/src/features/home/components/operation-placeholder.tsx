import { ArrowLeft, Hammer } from 'lucide-react';
import type { Location } from '../../../../../engine/src/api-schemas.ts';
import { OPERATIONS, type OperationKey } from '../../../../../engine/src/operations.ts';
import { Button } from '../../../components/ui/button.tsx';
import { OPERATION_DESCRIPTIONS } from '../home-entries.ts';

/** The operation screen's frame until its counting and ordering work is built: honest about it. */
export function OperationPlaceholder({
  operation,
  location,
  onLeave,
}: {
  operation: OperationKey;
  location: Location | null;
  onLeave: () => void;
}) {
  const name = OPERATIONS[operation].name;
  return (
    <section aria-labelledby="operation-title">
      <div className="mb-6 flex flex-col gap-4 sm:mb-8 sm:flex-row sm:items-end sm:justify-between">
        <div>
          {location ? (
            <p className="mb-1 text-sm font-medium text-muted-foreground">
              {location.name} <span className="text-muted-foreground/70">· {location.code}</span>
            </p>
          ) : null}
          <h1 id="operation-title" className="text-2xl tracking-tight text-foreground sm:text-[1.75rem]">
            {name}
          </h1>
        </div>
        <Button variant="outline" onClick={onLeave} className="self-start sm:self-auto">
          <ArrowLeft aria-hidden />
          All operations
        </Button>
      </div>
      <div className="flex flex-col items-center gap-2 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-dashed border-border bg-card px-6 py-14 text-center sm:py-20">
        <span className="mb-2 inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <Hammer aria-hidden className="size-5" />
        </span>
        <h2 className="text-lg text-foreground">Coming soon</h2>
        <p className="max-w-md text-pretty text-sm text-muted-foreground">
          {OPERATION_DESCRIPTIONS[operation]}
        </p>
      </div>
    </section>
  );
}
