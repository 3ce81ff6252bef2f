import { buttonVariants } from './button-variants.ts';
import { RefreshCwIcon, TriangleAlertIcon } from './first-script-icons.tsx';

export const ERROR_SCREEN_TITLE = 'Something went wrong';
export const ERROR_SCREEN_MESSAGE = 'An unexpected error occurred. Please try refreshing the page.';
export const ERROR_SCREEN_REFRESH = 'Refresh Page';

export interface ErrorScreenProps {
  error?: unknown;
  /** Defaults to reloading the page, which refetches everything and usually clears the problem. */
  onRefresh?: () => void;
}

function detailsOf(error: unknown): string | null {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error === undefined || error === null) return null;
  return String(error);
}

/** Requirements §2 error screen: shown in place of a screen that failed to render. */
export function ErrorScreen({ error, onRefresh = () => window.location.reload() }: ErrorScreenProps) {
  const details = detailsOf(error);
  return (
    <div role="alert" className="flex min-h-[60dvh] items-center justify-center p-4">
      <div className="flex w-full max-w-lg flex-col items-center gap-4 text-center">
        <TriangleAlertIcon className="size-12 text-destructive" />
        <h1 className="font-semibold text-2xl">{ERROR_SCREEN_TITLE}</h1>
        <p className="text-muted-foreground">{ERROR_SCREEN_MESSAGE}</p>
        {details ? (
          <details className="w-full rounded-md border bg-muted p-3 text-left">
            <summary className="cursor-pointer font-medium text-sm">Error details</summary>
            <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-words text-xs">
              {details}
            </pre>
          </details>
        ) : null}
        {/* A plain button with the Button look: this screen is in the first script (see button-variants.ts). */}
        <button
          type="button"
          data-slot="button"
          data-variant="default"
          className={buttonVariants({ size: 'lg' })}
          onClick={onRefresh}
        >
          <RefreshCwIcon />
          {ERROR_SCREEN_REFRESH}
        </button>
      </div>
    </div>
  );
}
