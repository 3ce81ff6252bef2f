import { Box, Text } from 'ink';

export interface WrittenSummaryProps {
  /** What was written where, e.g. 'Exported 7,965 counted items to counts.csv'. */
  headline: string;
  details: readonly string[];
  database: string;
}

/** The line a command prints after writing its data to a file instead of stdout. */
export function WrittenSummary({ headline, details, database }: WrittenSummaryProps) {
  const first = `✔ ${headline} (${database})`;
  // An explicit width stops Ink from wrapping a long path at 80 columns when the output goes to a pipe or cron mail.
  const width = Math.max(first.length, ...details.map((d) => d.length + 2));
  return (
    <Box flexDirection="column" width={width}>
      <Text>
        <Text color="green">✔</Text> {headline} <Text dimColor>({database})</Text>
      </Text>
      {details.map((detail) => (
        <Text key={detail}>{`  ${detail}`}</Text>
      ))}
    </Box>
  );
}
