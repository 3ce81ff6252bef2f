import { useLocation, useNavigate } from '@tanstack/react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { type TabDestination, tabDestination } from '@web/features/header/tab-routes.ts';
import type { TabNode } from '@web/features/header/tab-tree.ts';
import { cn } from '@web/lib/cn.ts';
import { useChooseOperation, useSelectedAction } from '@web/lib/storage/selected-action.ts';
import { Check, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { type CurrentTab, isActive, OperationButton } from './operation-selector.tsx';
import { TabIcon } from './tab-icon.tsx';

/** The operation selector's Radix menu, loaded on first use (decision 082); `OperationSelector` draws it until then. */
export function OperationMenu({
  tree,
  currentNode,
  current,
  loading,
  failed,
  defaultOpen,
}: {
  tree: TabNode[];
  currentNode: TabNode | undefined;
  current: CurrentTab | null;
  loading: boolean;
  failed: boolean;
  defaultOpen: boolean;
}) {
  const [action] = useSelectedAction();
  const chooseOperation = useChooseOperation();
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  // Opening shows the branch you are in, not whatever was left expanded; so does a menu loaded open.
  const branchOfCurrent = (): ReadonlySet<number> =>
    new Set(
      tree.filter((node) => node.children.includes(currentNode as TabNode)).map((node) => node.entry.id),
    );
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() =>
    defaultOpen ? branchOfCurrent() : new Set(),
  );

  function choose(destination: TabDestination) {
    if (destination.kind === 'operation') {
      // Storing it emits operationChanged, which the main screen follows; elsewhere, go to it. Either way it is a new
      // entry of the tab's history, for Back to return from.
      chooseOperation(destination.operation);
      return;
    }
    void navigate({ to: destination.to });
  }

  function toggle(id: number) {
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  function onOpenChange(open: boolean) {
    if (open) setExpanded(branchOfCurrent());
  }

  function renderItem(node: TabNode, depth: number) {
    const destination = tabDestination(node.entry.tabKey);
    const active = isActive(destination, pathname, action);
    return (
      <DropdownMenuItem
        key={node.entry.id}
        onSelect={() => destination && choose(destination)}
        data-active={active || undefined}
        className={cn('gap-2.5', depth > 0 && 'pl-9', active && 'font-medium text-primary')}
      >
        {depth === 0 ? <TabIcon icon={node.entry.icon} /> : null}
        <span className="flex-1 truncate">{node.name}</span>
        {active ? <Check aria-label="Current" className="text-primary" /> : null}
      </DropdownMenuItem>
    );
  }

  function renderNode(node: TabNode, index: number) {
    const destination = tabDestination(node.entry.tabKey);
    const previous = tree[index - 1];
    // A line between the four operations and the screens after them.
    const separator =
      previous &&
      (tabDestination(previous.entry.tabKey)?.kind === 'operation') !== (destination?.kind === 'operation');
    if (node.children.length === 0) {
      if (!destination) return null;
      return [separator ? <DropdownMenuSeparator key={`sep-${node.entry.id}`} /> : null, renderItem(node, 0)];
    }
    const open = expanded.has(node.entry.id);
    return [
      separator ? <DropdownMenuSeparator key={`sep-${node.entry.id}`} /> : null,
      <DropdownMenuItem
        key={node.entry.id}
        aria-expanded={open}
        onSelect={(event) => {
          event.preventDefault();
          toggle(node.entry.id);
        }}
        onKeyDown={(event) => {
          if ((event.key === 'ArrowRight' && !open) || (event.key === 'ArrowLeft' && open)) {
            event.preventDefault();
            toggle(node.entry.id);
          }
        }}
        className="gap-2.5"
      >
        <TabIcon icon={node.entry.icon} />
        <span className="flex-1 truncate">{node.name}</span>
        <ChevronRight
          aria-hidden
          className={cn('text-muted-foreground transition-transform', open && 'rotate-90')}
        />
      </DropdownMenuItem>,
      ...(open
        ? [
            destination ? (
              <DropdownMenuItem
                key={`${node.entry.id}-overview`}
                onSelect={() => choose(destination)}
                data-active={isActive(destination, pathname, action) || undefined}
                className={cn(
                  'gap-2.5 pl-9',
                  isActive(destination, pathname, action) && 'font-medium text-primary',
                )}
              >
                <span className="flex-1 truncate">All {node.name.toLowerCase()}</span>
                {isActive(destination, pathname, action) ? (
                  <Check aria-label="Current" className="text-primary" />
                ) : null}
              </DropdownMenuItem>
            ) : null,
            ...node.children
              .filter((child) => tabDestination(child.entry.tabKey))
              .map((child) => renderItem(child, 1)),
          ]
        : []),
    ];
  }

  return (
    <DropdownMenu onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <OperationButton current={current} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64 max-w-[calc(100vw-1.5rem)]">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          Operations and screens
        </DropdownMenuLabel>
        {loading ? (
          <div className="flex items-center gap-2 px-2 py-2 text-sm text-muted-foreground">
            <Spinner label="Loading" /> Loading…
          </div>
        ) : failed ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">
            The menu could not load. Refresh to try again.
          </p>
        ) : tree.length === 0 ? (
          <p className="px-2 py-2 text-sm text-muted-foreground">Nothing is available to your role yet.</p>
        ) : (
          tree.flatMap(renderNode)
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
