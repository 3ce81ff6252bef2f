import { Link } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button.tsx';
import { Compass } from 'lucide-react';

/** Any path the app does not know (requirements §2). */
export function NotFoundScreen({ pathname }: { pathname: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center sm:py-24">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Compass aria-hidden className="size-6" />
      </span>
      <p className="text-sm font-medium text-primary">404</p>
      <h1 className="text-2xl tracking-tight text-foreground">Page not found</h1>
      <p className="text-pretty text-muted-foreground">
        There is nothing at{' '}
        <code className="rounded bg-muted px-1.5 py-0.5 text-sm text-foreground">{pathname}</code>. The link
        may be mistyped, or the page may have moved.
      </p>
      <Button asChild className="mt-3">
        <Link to="/">Back to home</Link>
      </Button>
    </div>
  );
}
