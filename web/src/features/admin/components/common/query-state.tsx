import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { errorMessageForPerson } from '@web/lib/api-request.ts';
import { CircleAlert } from 'lucide-react';
import { DANGER_TEXT } from './alert-tones.ts';

/** Loading, or why it failed with a way to try again; null once there is data to show. */
export function QueryState({ query, label }: { query: QueryLike; label: string }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={`Loading ${label}`} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" className={DANGER_TEXT}>
        <CircleAlert aria-hidden />
        <AlertTitle>{`The ${label} could not load`}</AlertTitle>
        <AlertDescription>
          <p>{errorMessageForPerson(query.error, 'Check the connection and try again.')}</p>
          <Button variant="outline" size="sm" className="mt-1" onClick={() => query.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }
  return null;
}

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Several reads as one for `QueryState`: pending while any is, failed when any failed. */
export function allOf(...queries: QueryLike[]): QueryLike {
  return {
    isPending: queries.some((query) => query.isPending),
    isError: queries.some((query) => query.isError),
    error: queries.find((query) => query.isError)?.error ?? null,
    refetch: () => Promise.all(queries.filter((query) => query.isError).map((query) => query.refetch())),
  };
}
