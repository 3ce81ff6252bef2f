import { Link } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button.tsx';
import { Card } from '@web/components/ui/card.tsx';
import { ShieldOff } from 'lucide-react';

/** What a person sees on a screen their role does not include, instead of the screen. */
export function AccessDenied({ title }: { title: string }) {
  return (
    <Card className="mx-auto max-w-lg items-center gap-3 px-6 py-12 text-center">
      <span className="inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <ShieldOff aria-hidden className="size-5" />
      </span>
      <h1 className="text-xl text-foreground">You don't have access to {title}</h1>
      <p className="max-w-sm text-pretty text-sm text-muted-foreground">
        Your role does not include this screen. If you need it, ask your administrator.
      </p>
      <Button asChild variant="outline" className="mt-2">
        <Link to="/">Back to home</Link>
      </Button>
    </Card>
  );
}
