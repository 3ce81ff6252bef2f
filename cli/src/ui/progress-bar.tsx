import { Text } from 'ink';

export interface ProgressBarProps {
  label: string;
  done: number;
  total: number;
  /** Cells of the bar; the figures follow it. */
  width?: number;
  /** Pads the label so several bars line up. */
  labelWidth?: number;
}

const figure = (n: number) => n.toLocaleString('en-US');

/** `Validated ██████████░░░░░░░░░░  25,000/50,000`: a bar in plain characters, so it survives any terminal. */
export function ProgressBar({ label, done, total, width = 24, labelWidth = label.length }: ProgressBarProps) {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1;
  const filled = Math.round(share * width);
  const figures = `${figure(done).padStart(figure(total).length)}/${figure(total)}`;
  return (
    <Text>
      {label.padEnd(labelWidth)} <Text color="green">{'█'.repeat(filled)}</Text>
      <Text dimColor>{'░'.repeat(width - filled)}</Text> {figures}
    </Text>
  );
}
