import { cn } from '@web/lib/cn.ts';
import { foldForSearch, hasEveryWord, searchWords } from '@web/lib/search-words.ts';
import { CheckIcon, ChevronDownIcon, SearchIcon } from 'lucide-react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { type KeyboardEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { selectTriggerClassName } from './select-trigger-look.tsx';

/**
 * Matches drawn at once: a chain's 1,500 people drawn as options froze the tab for seconds, and nobody scrolls
 * past fifty names when typing two letters finds the one they want.
 */
export const DRAWN_MATCHES = 50;

/** From this many cafés on, a list of cafés is searched rather than scrolled: a district's, a chain's. */
export const SEARCHED_FROM = 9;

/** What names the closed control and ties it to its hint and error: a form field's ids, or a label of its own. */
export interface SearchSelectControl {
  id?: string;
  'aria-label'?: string;
  title?: string;
  'aria-invalid'?: boolean | undefined;
  'aria-describedby'?: string | undefined;
}

export interface FilterOption {
  value: string;
  label: string;
  /** A second, smaller text that is searched too (an email, a café's code). */
  detail?: string;
  /** What the closed control says once the option is chosen, where the label alone is not enough. */
  chosenText?: string;
}

const ANY_VALUE = '';

function OptionRow({
  id,
  label,
  detail,
  muted = false,
  selected,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  label: string;
  detail?: string;
  muted?: boolean;
  selected: boolean;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the search box's arrow keys and Enter choose, as in a listbox.
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={selected}
      data-active={active ? '' : undefined}
      onClick={onChoose}
      onPointerMove={onHover}
      className={cn(
        'relative flex min-h-11 cursor-default select-none items-center rounded-sm py-1.5 pr-8 pl-2 text-sm pointer-fine:min-h-9',
        'data-[active]:bg-accent data-[active]:text-accent-foreground',
      )}
    >
      <span className="grid min-w-0">
        <span className={cn('truncate', muted && 'text-muted-foreground')}>{label}</span>
        {detail ? <span className="truncate text-muted-foreground text-xs">{detail}</span> : null}
      </span>
      {selected ? <CheckIcon aria-hidden className="absolute right-2 size-4" /> : null}
    </div>
  );
}

/**
 * A select over a list too long to scroll through (a chain's people, a district's or a chain's cafés): the open
 * list has a search box that narrows it by every word typed in a name or its detail, ignoring case and accents,
 * and draws at most `DRAWN_MATCHES` of the matches. "Any" (`anyLabel`, the value null) heads the list until
 * something is typed. Arrow keys move, Enter chooses, Escape closes and gives the focus back. The closed control is
 * a combobox named by its label, like the select it replaces.
 */
export function SearchSelect({
  control = {},
  triggerContent,
  heading,
  align = 'start',
  defaultOpen = false,
  fill = false,
  value,
  onChange,
  options,
  anyLabel,
  noun,
  searchLabel,
  placeholder,
  loading = false,
  onOpenChange,
  className,
}: {
  control?: SearchSelectControl;
  /** What the closed control shows; the chosen option's label (or `anyLabel`) when left out. */
  triggerContent?: ReactNode;
  /** A title above the search box. */
  heading?: string;
  align?: 'start' | 'end';
  /** Open at first: a menu loaded on its first use opens as it arrives. */
  defaultOpen?: boolean;
  /**
   * As wide as its column, and never wider: a long name chosen is cut short, rather than widening a grid cell and
   * with it the page (`contain: inline-size` keeps the chosen text out of the control's own width).
   */
  fill?: boolean;
  /** The chosen option's value; null for "any". */
  value: string | null;
  onChange: (value: string | null) => void;
  /** In the order they are offered. */
  options: readonly FilterOption[];
  anyLabel: string;
  /** Plural, as it follows a count: "people". */
  noun: string;
  searchLabel: string;
  placeholder: string;
  /** The options are still being read: the open list says so instead of "nothing matches". */
  loading?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The closed control's classes, beside a select trigger's own. */
  className?: string;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [query, setQuery] = useState('');
  // Opened on what is chosen, as a select opens: "any" heads the list, so the options start one row down.
  const chosenRow = () =>
    1 + (value === null ? -1 : options.slice(0, DRAWN_MATCHES).findIndex((option) => option.value === value));
  const [active, setActive] = useState(chosenRow);
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);

  // Folded once per list, not once per keystroke.
  const searchable = useMemo(
    () =>
      options.map((option) => ({ option, folded: foldForSearch(`${option.label} ${option.detail ?? ''}`) })),
    [options],
  );
  const words = useMemo(() => searchWords(query), [query]);
  const matches = useMemo(
    () =>
      words.length === 0
        ? options
        : searchable.filter((entry) => hasEveryWord(entry.folded, words)).map((entry) => entry.option),
    [searchable, options, words],
  );
  const anyOption: FilterOption = { value: ANY_VALUE, label: anyLabel };
  // "Any" stays at the top until someone types: it is how a filter is cleared from the list.
  const drawn = [...(words.length === 0 ? [anyOption] : []), ...matches.slice(0, DRAWN_MATCHES)];
  const chosen = value === null ? null : options.find((option) => option.value === value);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    setQuery('');
    // Opened on what is chosen, as a select opens: "any" heads the list, so the options start one row down.
    const at =
      value === null ? -1 : options.slice(0, DRAWN_MATCHES).findIndex((option) => option.value === value);
    setActive(at + 1);
    onOpenChange?.(next);
  };
  const choose = (option: FilterOption | undefined) => {
    if (!option) return;
    onChange(option.value === ANY_VALUE ? null : option.value);
    changeOpen(false);
  };
  const moveTo = (index: number) => {
    const next = Math.min(Math.max(index, 0), drawn.length - 1);
    setActive(next);
    list.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: 8, PageUp: -8 }[event.key];
    if (step !== undefined) moveTo(active + step);
    else if (event.key === 'Home' && event.ctrlKey) moveTo(0);
    else if (event.key === 'End' && event.ctrlKey) moveTo(drawn.length - 1);
    else if (event.key === 'Enter') choose(drawn[active]);
    // The list holds nothing else to tab to: Tab leaves it as Escape does, back on the control, choosing nothing.
    else if (event.key === 'Tab') changeOpen(false);
    else return;
    event.preventDefault();
  };
  const optionId = (index: number) => `${listId}-${index}`;

  const status = loading
    ? `Loading ${noun}…`
    : matches.length === 0
      ? `Nothing matches “${query.trim()}”.`
      : matches.length > DRAWN_MATCHES
        ? `Showing ${DRAWN_MATCHES} of ${matches.length.toLocaleString('en')} ${noun}: type to narrow.`
        : words.length > 0
          ? `${matches.length} of ${options.length.toLocaleString('en')} ${noun}`
          : null;

  return (
    <PopoverPrimitive.Root open={open} onOpenChange={changeOpen}>
      <PopoverPrimitive.Trigger
        {...control}
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-size="md"
        className={selectTriggerClassName(cn(fill && 'w-full contain-inline-size', className))}
      >
        {triggerContent ?? (
          <span className="min-w-0 truncate">{chosen ? (chosen.chosenText ?? chosen.label) : anyLabel}</span>
        )}
        <ChevronDownIcon aria-hidden className="size-4 shrink-0 opacity-50" />
      </PopoverPrimitive.Trigger>
      <PopoverPrimitive.Portal>
        <PopoverPrimitive.Content
          align={align}
          sideOffset={4}
          collisionPadding={8}
          className={cn(
            'z-50 flex max-h-[min(26rem,var(--radix-popover-content-available-height))] w-80 max-w-[calc(100vw-1rem)] flex-col',
            'min-w-(--radix-popover-trigger-width) rounded-md border bg-popover text-popover-foreground shadow-md',
          )}
          onOpenAutoFocus={(event) => {
            // The search box takes the focus, so typing narrows at once.
            event.preventDefault();
            const content = event.currentTarget as HTMLElement;
            content.querySelector('input')?.focus();
            content.querySelector('[data-active]')?.scrollIntoView?.({ block: 'nearest' });
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
              aria-activedescendant={drawn.length > 0 ? optionId(active) : undefined}
              placeholder={placeholder}
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
          <div
            id={listId}
            ref={list}
            role="listbox"
            aria-label={searchLabel}
            className="min-h-0 overflow-y-auto p-1"
          >
            {drawn.map((option, index) => (
              <OptionRow
                key={option.value}
                id={optionId(index)}
                label={option.label}
                detail={option.detail}
                muted={option.value === ANY_VALUE}
                selected={option.value === (value ?? ANY_VALUE)}
                active={index === active}
                onChoose={() => choose(option)}
                onHover={() => setActive(index)}
              />
            ))}
          </div>
          <p
            role="status"
            className="px-3 text-muted-foreground text-xs empty:hidden [&:not(:empty)]:border-t [&:not(:empty)]:py-2"
          >
            {status}
          </p>
        </PopoverPrimitive.Content>
      </PopoverPrimitive.Portal>
    </PopoverPrimitive.Root>
  );
}
