import { Link } from '@tanstack/react-router';
import { ChevronRight } from 'lucide-react';
import { ADMIN_SECTIONS } from '../admin-sections.ts';

/** The admin landing: every section with what it is for. */
export function AdminOverview() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {ADMIN_SECTIONS.map((section) => (
        <li key={section.slug}>
          <Link
            to="/admin/$"
            params={{ _splat: section.slug }}
            className="group flex h-full items-start gap-4 rounded-[var(--ui-card-radius,var(--radius))] border-[length:var(--ui-border-width,2px)] border-border bg-card p-4 shadow-xs outline-none transition-colors hover:border-input hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <section.icon aria-hidden className="size-[1.125rem]" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-center justify-between gap-2 font-medium text-foreground">
                {section.title}
                <ChevronRight
                  aria-hidden
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                />
              </span>
              <span className="mt-1 block text-sm text-muted-foreground">{section.description}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
