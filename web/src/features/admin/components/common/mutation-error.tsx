import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { CircleAlert } from 'lucide-react';
import { DANGER_TEXT } from './alert-tones.ts';

/** Why a save was refused, in the server's own words (they are written for people). */
export function MutationError({ error, title = 'Not saved' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert variant="destructive" className={DANGER_TEXT}>
      <CircleAlert aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{errorMessageForPerson(error)}</AlertDescription>
    </Alert>
  );
}
