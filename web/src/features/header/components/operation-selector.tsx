import { OPERATIONS } from '@engine/operations.ts';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button.tsx';
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
import { buildTabTree, type TabNode } from '@web/features/header/tab-tree.ts';
import { cn } from '@web/lib/cn.ts';
import { useTabDisplayOrder } from '@web/lib/shared-reads/tab-display-order.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { useSelectedAction } from '@web/lib/storage/selected-action.ts';
import { Check, ChevronDown, ChevronRight, LayoutGrid } from 'lucide-react';
import { useMemo, useState } from 'react';
import { TabIcon } from './tab-icon.tsx';

interface CurrentTab {
  name: string;
  icon: string | null;
}

function isActive(destination: TabDestination | null, pathname: string, action: string | null): boolean {
  if (!destination) return false;
  if (destination.kind === 'operation') return pathname === '/' && action === destination.operation;
  return pathname === destination.to;
}

function findCurrent(nodes: TabNode[], pathname: string, action: string | null): TabNode | undefined {
  for (const node of nodes) {
    const child = findCurrent(node.children, pathname, action);
    if (child) return child;
    if (isActive(tabDestination(node.entry.tabKey), pathname, action)) return node;
  }
  return undefined;
}

/**
 * The header's dropdown of operations and screens (requirements §2): built from the tab table, showing only what
 * the person may use; parents expand in place to reveal their children, which stays usable on a phone
 * where side-opening sub menus would run off the screen.
 */
export function OperationSelector() {
  const tabs = useTabDisplayOrder();
  const { has, ready } = usePermissions();
  const [action, setAction] = useSelectedAction();
  const pathname = useLocation({ select: (location) => location.pathname });
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const tree = useMemo(
    () => (tabs.data && ready ? buildTabTree(tabs.data, has) : []),
    [tabs.data, ready, has],
  );
  const currentNode = findCurrent(tree, pathname, action);
  const current: CurrentTab | null = currentNode
    ? { name: currentNode.name, icon: currentNode.entry.icon }
    : pathname === '/' && action
      ? { name: OPERATIONS[action].name, icon: null }
      : null;

  function choose(destination: TabDestination) {
    if (destination.kind === 'operation') {
      // Storing it emits operationChanged, which the main screen follows; elsewhere, go to it.
      setAction(destination.operation);
      if (pathname !== '/') void navigate({ to: '/' });
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
    // Reopening shows the branch you are in, not whatever was left expanded.
    if (open)
      setExpanded(
        new Set(
          tree.filter((node) => node.children.includes(currentNode as TabNode)).map((node) => node.entry.id),
        ),
      );
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

  const loading = tabs.isPending || !ready;

  return (
    <DropdownMenu onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-10 min-w-0 max-w-full justify-start gap-2 px-2.5 text-sm font-medium sm:px-3"
        >
          {/* On a phone the words matter more than the icon; the width goes to them. */}
          <span className="hidden sm:inline-flex">
            {current?.icon ? <TabIcon icon={current.icon} /> : <LayoutGrid aria-hidden className="size-4" />}
          </span>
          <span className="sr-only">Operation: </span>
          <span className="min-w-0 truncate">
            {current?.name ?? (
              <>
                <span className="sm:hidden">Operations</span>
                <span className="hidden sm:inline">Choose operation</span>
              </>
            )}
          </span>
          <ChevronDown aria-hidden className="size-4 text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-64 max-w-[calc(100vw-1.5rem)]">
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          Operations and screens
        </DropdownMenuLabel>
        {loading ? (
          <div className="flex items-center gap-2 px-2 py-2 text-sm text-muted-foreground">
            <Spinner label="Loading" /> Loading…
          </div>
        ) : tabs.isError ? (
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
