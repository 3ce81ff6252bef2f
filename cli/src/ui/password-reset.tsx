import { Box, Text } from 'ink';

export function PasswordReset({ email, oneTimePassword }: { email: string; oneTimePassword: string }) {
  return (
    <Box flexDirection="column">
      <Text>
        <Text color="green">✔</Text> Reset the password of {email}; every session of theirs has ended
      </Text>
      <Text>
        One-time password: <Text bold>{oneTimePassword}</Text>
      </Text>
      <Text dimColor>It is shown only now; the user must choose a new one at their next sign-in.</Text>
    </Box>
  );
}
