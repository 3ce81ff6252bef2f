import { cva } from 'class-variance-authority';

/*
 * A module of its own so the error screen, part of the first script, can look like a button without bringing
 * tailwind-merge (which `Button` needs to let callers override its classes).
 *
 * Colours come from the theme tokens (fed by the UI-settings variables); radius, height, shadow and hover
 * effect read the `--ui-button-*` variables directly, each with the default as fallback.
 */
export const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap font-medium',
    'rounded-[var(--ui-button-radius,var(--radius))] transition-[color,background-color,filter,scale,box-shadow]',
    'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: [
          'bg-primary text-primary-foreground shadow-[var(--ui-button-shadow,0_1px_2px_0_rgb(0_0_0/0.05))]',
          'hover:[filter:var(--ui-button-hover-filter,brightness(0.9))] hover:[scale:var(--ui-button-hover-scale,1)]',
        ],
        secondary: [
          'bg-secondary text-secondary-foreground shadow-[var(--ui-button-shadow,0_1px_2px_0_rgb(0_0_0/0.05))]',
          'hover:[filter:var(--ui-button-hover-filter,brightness(0.95))]',
        ],
        outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        destructive: [
          'bg-destructive text-destructive-foreground shadow-[var(--ui-button-shadow,0_1px_2px_0_rgb(0_0_0/0.05))]',
          'hover:bg-destructive/90 focus-visible:ring-destructive',
        ],
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-9 px-3 text-sm',
        md: [
          'h-[var(--ui-button-height,2.5rem)] px-[var(--ui-button-padding-x,1rem)]',
          'text-[length:var(--ui-button-font-size,0.875rem)]',
        ],
        // 44 px: the smallest target a thumb hits reliably on a phone in the back room.
        lg: 'h-11 min-h-11 px-6 text-base',
        icon: [
          'size-[var(--ui-icon-button-size,2.75rem)] min-h-11 min-w-11 p-0',
          'rounded-[var(--ui-icon-button-radius,var(--ui-button-radius,var(--radius)))]',
        ],
      },
    },
    defaultVariants: { variant: 'default', size: 'md' },
  },
);
