import { Box, Text } from 'ink';

export interface MigrationResultProps {
  database: string;
  applied: readonly string[];
}

export function MigrationResult({ database, applied }: MigrationResultProps) {
  if (applied.length === 0) {
    return (
      <Text>
        <Text color="green">✔</Text> Database is up to date <Text dimColor>({database})</Text>
      </Text>
    );
  }
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="green">✔</Text> Applied {applied.length}{' '}
        {applied.length === 1 ? 'migration' : 'migrations'} <Text dimColor>({database})</Text>
      </Text>
      {applied.map((name) => (
        <Text key={name}> {name}</Text>
      ))}
    </Box>
  );
}
