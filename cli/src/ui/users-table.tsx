import type { UserSummary } from '@engine/user-admin-schemas.ts';
import { Box, Text } from 'ink';

const COLUMNS = ['Email', 'Name', 'Role', 'Locations', 'Districts', 'Status'] as const;

function cells(user: UserSummary): string[] {
  return [
    user.email,
    `${user.firstName} ${user.lastName}`.trim() || '—',
    user.role,
    user.locationCodes.join(', ') || '—',
    user.districtNames.join(', ') || '—',
    !user.active ? 'deactivated' : user.mustChangePassword ? 'must change password' : 'active',
  ];
}

/** Plain padded columns rather than box borders: the output is read in terminals and pasted into tickets. */
export function UsersTable({ users }: { users: readonly UserSummary[] }) {
  if (users.length === 0)
    return <Text>No users yet. Add one with: parstock users add --email … --role …</Text>;
  const rows = users.map(cells);
  const widths = COLUMNS.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  const width = widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  // An explicit width stops Ink from wrapping rows at 80 columns when the output goes to a pipe.
  return (
    <Box flexDirection="column" width={width}>
      <Text bold>{line(COLUMNS)}</Text>
      {rows.map((row, i) => (
        <Text key={users[i]?.id}>{line(row)}</Text>
      ))}
      <Text dimColor>
        {users.length} {users.length === 1 ? 'user' : 'users'}
      </Text>
    </Box>
  );
}
