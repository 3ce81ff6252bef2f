import { Card } from '@web/components/ui/card.tsx';
import { Hammer } from 'lucide-react';

/**
 * Stands in for a screen that is not built yet. It says so plainly and says what the screen will do: no
 * sample numbers, no buttons that do nothing.
 */
export function ComingSoonCard({ description }: { description: string }) {
  return (
    <Card className="items-center gap-2 px-6 [border-style:dashed] py-12 text-center shadow-none sm:py-16">
      <span className="mb-2 inline-flex size-11 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Hammer aria-hidden className="size-5" />
      </span>
      <h2 className="text-lg text-foreground">Coming soon</h2>
      <p className="max-w-md text-pretty text-sm text-muted-foreground">{description}</p>
    </Card>
  );
}
