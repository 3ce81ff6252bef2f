import type { SeedSummary } from '@db/seed/demo.ts';
import { Box, Text } from 'ink';

export interface DemoSignIn {
  email: string;
  role: string;
}

export interface SeedSummaryViewProps {
  database: string;
  summary: SeedSummary;
  signIns: readonly DemoSignIn[];
  password: string;
}

const LINES: readonly [keyof SeedSummary, string][] = [
  ['districts', 'districts'],
  ['locations', 'locations'],
  ['users', 'users'],
  ['categories', 'categories'],
  ['products', 'products'],
  ['locationProducts', 'PARs (location × product)'],
  ['countSessions', 'count sessions'],
  ['countItems', 'counted items'],
  ['nightlyCounts', 'nightly counts'],
  ['orders', 'orders'],
  ['orderLines', 'order lines'],
  ['tasks', 'tasks'],
  ['taskCompletions', 'task completions'],
];

export function SeedSummaryView({ database, summary, signIns, password }: SeedSummaryViewProps) {
  const width = Math.max(...LINES.map(([key]) => String(summary[key]).length));
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="green">✔</Text> Seeded the demo café chain <Text dimColor>({database})</Text>
      </Text>
      {LINES.map(([key, label]) => (
        <Text key={key}>
          {'  '}
          {String(summary[key]).padStart(width)} {label}
        </Text>
      ))}
      <Text> </Text>
      <Text>Sign in with password {password} as:</Text>
      {signIns.map((s) => (
        <Text key={s.email}>
          {'  '}
          {s.email} <Text dimColor>({s.role})</Text>
        </Text>
      ))}
    </Box>
  );
}
