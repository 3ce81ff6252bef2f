import type { UserSummary } from '@engine/user-admin-schemas.ts';
import { Box, Text } from 'ink';

export interface UserCreatedProps {
  user: UserSummary;
  oneTimePassword: string;
}

export function UserCreated({ user, oneTimePassword }: UserCreatedProps) {
  const places = [...user.locationCodes, ...user.districtNames.map((d) => `${d} district`)];
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="green">✔</Text> Added {user.email} as {user.role}
        {places.length > 0 ? ` (${places.join(', ')})` : ''}
      </Text>
      <Text>
        One-time password: <Text bold>{oneTimePassword}</Text>
      </Text>
      <Text dimColor>It is shown only now; the user must choose a new one at first sign-in.</Text>
    </Box>
  );
}
