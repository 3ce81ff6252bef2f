import { cn } from '@web/lib/cn.ts';
import { CheckIcon, ChevronDownIcon, SearchIcon } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { matchesSearch } from './search-select-match.ts';
import { selectTriggerClassName } from './select-trigger-look.tsx';

/** From this many options on, a list of cafés opens with a search box: a district's or a chain's cafés. */
export const SEARCHED_FROM = 9;

export interface SearchOption {
  value: string;
  /** What the option reads as, and what the closed control shows for it unless `trigger` draws its own. */
  label: string;
  /** A second, smaller text searched too (a café's code). */
  detail?: string;
  /** Drawn instead of the label, for an option that reads differently ("No location selected"). */
  display?: ReactNode;
}

/**
 * A select whose list can be narrowed by typing, for lists too long to scroll through (a district's forty cafés, a
 * chain's two hundred): the open list has a search box that matches every word typed against each option's label
 * and detail, ignoring case and accents. Arrow keys move through the matches, Enter chooses, Escape closes. The
 * closed control keeps a select's role and name, so it reads and is found as the select it replaces.
 */
export function SearchSelect({
  id,
  value,
  onValueChange,
  options,
  triggerLabel,
  triggerClassName,
  trigger,
  searchLabel,
  heading,
  defaultOpen = false,
  align = 'start',
  contentClassName,
}: {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SearchOption[];
  /** The closed control's accessible name; leave it out when a <Label htmlFor={id}> names it. */
  triggerLabel?: string;
  triggerClassName?: string;
  /** What the closed control shows; the chosen option's label when left out. */
  trigger?: ReactNode;
  searchLabel: string;
  /** A title above the search box. */
  heading?: string;
  defaultOpen?: boolean;
  align?: 'start' | 'end';
  contentClassName?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);
  const matches = useMemo(
    () => options.filter((option) => matchesSearch(query, option.label, option.detail)),
    [options, query],
  );
  const chosen = options.find((option) => option.value === value);

  const openChange = (next: boolean) => {
    setOpen(next);
    setQuery('');
    const at = options.findIndex((option) => option.value === value);
    setActive(Math.max(at, 0));
  };
  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    onValueChange(option.value);
    openChange(false);
  };
  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), matches.length - 1);
    setActive(next);
    list.current?.children[next]?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 }[event.key];
    if (step !== undefined) moveTo(active + step);
    else if (event.key === 'Enter') choose(matches[active]);
    else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={openChange}>
      <PopoverPrimitive.Trigger
        id={id}
        role="combobox"
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-haspopup="listbox"
        aria-expanded={open}
        data-slot="select-trigger"
        data-size="md"
        className={selectTriggerClassName(triggerClassName)}
      >
        {trigger ?? <span className="truncate">{chosen?.label}</span>}
        <ChevronDownIcon aria-hidden className="size-4 opacity-50" />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            'z-50 flex max-h-(--radix-popover-content-available-height) w-72 max-w-[calc(100vw-1rem)] flex-col',
            'rounded-md border bg-popover text-popover-foreground shadow-md',
            contentClassName,
          )}
          onOpenAutoFocus={(event) => {
            // The search box takes the focus (Radix would give it to the first option's row).
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector('input')?.focus();
          }}
        >
          {heading ? <p className="px-3 pt-2 text-muted-foreground text-xs">{heading}</p> : null}
          <div className="flex items-center gap-2 border-b px-3">
            <SearchIcon aria-hidden className="size-4 shrink-0 text-muted-foreground" />
            <input
              type="search"
              role="combobox"
              aria-label={searchLabel}
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={matches.length > 0 ? optionId(active) : undefined}
              placeholder="Type a name or code"
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="h-11 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground sm:text-sm"
            />
          </div>
          <div id={listId} role="listbox" aria-label={searchLabel} className="min-h-0 overflow-y-auto p-1">
            {matches.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the search box's arrow keys and Enter choose.
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={option.value === value}
                data-active={index === active ? '' : undefined}
                onClick={() => choose(option)}
                onPointerMove={() => setActive(index)}
                className={cn(
                  'relative flex min-h-11 cursor-default select-none items-center gap-2 rounded-sm py-1.5 pr-8 pl-2 text-sm pointer-fine:min-h-9',
                  'data-[active]:bg-accent data-[active]:text-accent-foreground',
                )}
              >
                {option.display ?? (
                  <span className="flex min-w-0 items-baseline gap-2">
                    <span className="truncate">{option.label}</span>
                    {option.detail ? (
                      <span className="shrink-0 text-muted-foreground text-xs">{option.detail}</span>
                    ) : null}
                  </span>
                )}
                {option.value === value ? (
                  <CheckIcon aria-hidden className="absolute right-2 size-4" />
                ) : null}
              </div>
            ))}
          </div>
          {matches.length === 0 ? (
            <p role="status" className="px-3 py-3 text-muted-foreground text-sm">
              Nothing matches “{query.trim()}”.
            </p>
          ) : null}
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
