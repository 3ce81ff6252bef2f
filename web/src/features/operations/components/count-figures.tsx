import type { StoredCountItem } from '@engine/count-item-edit.ts';
import {
  type CountFigures,
  countFiguresWithEdits,
} from '@web/features/operations/model/category-count-figures.ts';
import type { CountValue } from '@web/features/operations/model/count-item-view.ts';
import { type AutosaveSource, useAutosaveSelection } from '@web/lib/autosave/use-autosave-selection.ts';
import { ConfirmAllButton } from './list-tools.tsx';

/** The category's figures as stored, and the outbox whose edits change them on screen. */
export interface CountFiguresSource {
  outbox: AutosaveSource<CountValue>;
  stored: CountFigures;
  inCategory: ReadonlySet<number>;
  storedOf: (productId: number) => StoredCountItem;
}

const sameFigures = (a: CountFigures, b: CountFigures) =>
  a.counted === b.counted && a.waitingConfirmation === b.waitingConfirmation;

/** The figures with the unsaved edits applied, followed by the component showing them. */
export function useLiveCountFigures({
  outbox,
  stored,
  inCategory,
  storedOf,
}: CountFiguresSource): CountFigures {
  return useAutosaveSelection(
    outbox,
    (snapshot) => countFiguresWithEdits(stored, inCategory, snapshot.entries, storedOf),
    sameFigures,
  );
}

/** "N of M counted" beside the category's name. */
export function CountedOfCategory({ figures, total }: { figures: CountFiguresSource; total: number }) {
  return <>{`${useLiveCountFigures(figures).counted} of ${total} counted`}</>;
}

/** Confirm all, with the number of counted products in the category still waiting for a tick. */
export function LiveConfirmAllButton({
  figures,
  disabled,
  onConfirm,
}: {
  figures: CountFiguresSource;
  disabled: boolean;
  onConfirm: () => void;
}) {
  const { waitingConfirmation } = useLiveCountFigures(figures);
  return <ConfirmAllButton waiting={waitingConfirmation} disabled={disabled} onConfirm={onConfirm} />;
}
