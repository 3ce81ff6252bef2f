import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { Boxes, MapPin, Moon, Unplug } from 'lucide-react';
import type { ReactNode } from 'react';

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        {icon}
      </span>
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

/**
 * Square is not connected in this version, and the page says so plainly: what connecting will do, and
 * that everything works without it. There is no connect button until there is a connection to make.
 */
export function SquareSection() {
  return (
    <div className="grid gap-6">
      <Alert variant="default" live="none">
        <Unplug aria-hidden />
        <AlertTitle>Square is not connected</AlertTitle>
        <AlertDescription>
          <p>
            Parstock works fully without it: counts, PARs, shopping lists and orders do not need Square.
            Nightly Counts show “Not connected” where Square’s on-hand figures would be.
          </p>
        </AlertDescription>
      </Alert>
      <SectionCard
        title="What connecting Square will do"
        description="Connecting is set up by your Parstock administrator on the server; it is not available from this screen yet."
      >
        <ol className="grid gap-5">
          <Step icon={<MapPin aria-hidden className="size-[1.125rem]" />} title="Map locations">
            Each Square location is matched to a Parstock café by its code, so figures land at the right café.
          </Step>
          <Step icon={<Boxes aria-hidden className="size-[1.125rem]" />} title="Map catalogue items">
            Square item variations are matched to Parstock products, by SKU first and then by name; anything
            unmatched is listed for you to pair by hand.
          </Step>
          <Step
            icon={<Moon aria-hidden className="size-[1.125rem]" />}
            title="Show on-hand figures in Nightly Counts"
          >
            Beside each daily-count item, Square’s on-hand quantity and the difference from what was counted,
            so variances stand out the same night.
          </Step>
        </ol>
      </SectionCard>
    </div>
  );
}
