import type { ErrorComponentProps } from '@tanstack/react-router';
import { ErrorScreen } from '@web/components/ui/error-screen.tsx';

/** A screen that failed to load or render gets the shared error screen (requirements §2), inside the frame. */
export function RouteError({ error }: ErrorComponentProps) {
  return <ErrorScreen error={error} />;
}
