/**
 * Why an action that waits for every typed number (completing a count, confirming a category) did not go ahead.
 * Numbers the server refused are not a connection problem: the banner above says why each was refused, and they
 * wait for the person to send them again (the reason may be gone: a café given back) or to dismiss them.
 */
export function unsavedNumbersToast(refused: number, waits: string) {
  return {
    variant: 'destructive' as const,
    title: 'Not every number is saved yet',
    description:
      refused > 0
        ? `${refused === 1 ? 'One number was' : `${refused} numbers were`} refused: the message at the top says why. Send ${refused === 1 ? 'it' : 'them'} again, or dismiss ${refused === 1 ? 'it' : 'them'}, then try again.`
        : `${waits} Check the connection and try again.`,
  };
}
