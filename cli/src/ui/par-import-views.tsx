import type { ParImportProgress, ParImportResult } from '@cli/par-import/run-par-import.ts';
import { Box, Text } from 'ink';
import { ProgressBar } from './progress-bar.tsx';

const figure = (n: number) => n.toLocaleString('en-US');

export function ParImportProgressView({
  title,
  progress,
  dryRun,
}: {
  title: string;
  progress: ParImportProgress | null;
  dryRun: boolean;
}) {
  return (
    <Box flexDirection="column">
      <Text color="cyan">{title}…</Text>
      {progress && (
        <ProgressBar label="Checked" labelWidth={7} done={progress.checked} total={progress.rows} />
      )}
      {progress && progress.toWrite !== null && !dryRun && (
        <ProgressBar label="Written" labelWidth={7} done={progress.written} total={progress.toWrite} />
      )}
      {/* On PostgreSQL the first chunks are written while the file is still read (decision 072). */}
      {progress && progress.toWrite === null && progress.written > 0 && (
        <Text>
          {'Written'.padEnd(7)} {figure(progress.written)} so far
        </Text>
      )}
    </Box>
  );
}

export interface ParImportSummaryProps {
  result: ParImportResult;
  database: string;
}

/** Counts of what the import did (or, in a dry run, would do), and in a dry run the first changes by name. */
export function ParImportSummary({ result, database }: ParImportSummaryProps) {
  const { tally, dryRun } = result;
  const counts = [tally.created, tally.changed, tally.unchanged].map(figure);
  const pad = Math.max(...counts.map((c) => c.length));
  const overridden =
    tally.locksOverridden > 0 ? `, ${figure(tally.locksOverridden)} of them locked (lock overridden)` : '';
  const rows = `${figure(tally.rows)} ${tally.rows === 1 ? 'row' : 'rows'}`;
  const headline = dryRun
    ? `Dry run of ${result.source}: ${rows} checked, nothing written`
    : `Imported ${result.source}: ${rows}`;
  const lines = [
    `${counts[0]?.padStart(pad)} ${dryRun ? 'would be created' : 'created'}`,
    `${counts[1]?.padStart(pad)} ${dryRun ? 'would change' : 'changed'}${overridden}`,
    `${counts[2]?.padStart(pad)} unchanged`,
  ];
  const changes = dryRun ? changeLines(result) : [];
  const width = Math.max(
    `✔ ${headline} (${database})`.length,
    ...[...lines, ...changes].map((l) => l.length + 2),
  );
  // An explicit width keeps every line whole when the output goes to a pipe (Ink wraps at 80 columns there).
  return (
    <Box flexDirection="column" width={width}>
      <Text>
        <Text color="green">✔</Text> {headline} <Text dimColor>({database})</Text>
      </Text>
      {lines.map((line) => (
        <Text key={line}>{`  ${line}`}</Text>
      ))}
      {changes.length > 0 && <Text>Changes:</Text>}
      {changes.map((line) => (
        <Text key={line}>{`  ${line}`}</Text>
      ))}
    </Box>
  );
}

/** `line 2  DT-01  Whole Milk  12 → 14`, aligned, for the first changes; then how many more there are. */
function changeLines(result: ParImportResult): string[] {
  const { preview, tally } = result;
  const cells = preview.map((p) => [
    `line ${p.line}`,
    p.locationCode,
    p.product,
    `${p.before === null ? '—' : figure(p.before)} → ${figure(p.after)}${p.overridesLock ? ' (locked)' : ''}`,
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...cells.map((c) => (c[i] ?? '').length)));
  const lines = cells.map((c) => c.map((cell, j) => (j < 3 ? cell.padEnd(widths[j] ?? 0) : cell)).join('  '));
  const more = tally.created + tally.changed - preview.length;
  if (more > 0) lines.push(`… and ${figure(more)} more`);
  return lines;
}
