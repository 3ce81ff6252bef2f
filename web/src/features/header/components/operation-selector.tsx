import { OPERATIONS } from '@engine/operations.ts';
import { useLocation } from '@tanstack/react-router';
import { Button } from '@web/components/ui/button.tsx';
import { CLOSED_MENU_TRIGGER, MenuOnFirstUse } from '@web/components/ui/menu-on-first-use.tsx';
import { type TabDestination, tabDestination } from '@web/features/header/tab-routes.ts';
import { buildTabTree, type TabNode } from '@web/features/header/tab-tree.ts';
import { useTabDisplayOrder } from '@web/lib/shared-reads/tab-display-order.ts';
import { usePermissions } from '@web/lib/shared-reads/use-permissions.ts';
import { useSelectedAction } from '@web/lib/storage/selected-action.ts';
import { ChevronDown, LayoutGrid } from 'lucide-react';
import { type ComponentProps, useMemo } from 'react';
import { headerMenus } from './header-menus-chunk.ts';
import { TabIcon } from './tab-icon.tsx';

export interface CurrentTab {
  name: string;
  icon: string | null;
}

export function isActive(
  destination: TabDestination | null,
  pathname: string,
  action: string | null,
): boolean {
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

/** The selector's button: what the person is on, as the closed menu shows it (with Radix's props once loaded). */
export function OperationButton({
  current,
  ...props
}: { current: CurrentTab | null } & ComponentProps<'button'>) {
  return (
    <Button
      variant="ghost"
      className="h-10 min-w-0 max-w-full justify-start gap-2 px-2.5 text-sm font-medium sm:px-3"
      {...props}
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
  );
}

/**
 * The header's dropdown of operations and screens (requirements §2): built from the tab table, showing only what
 * the person may use; parents expand in place to reveal their children, which stays usable on a phone
 * where side-opening sub menus would run off the screen. The menu itself loads on first use (decision 082).
 */
export function OperationSelector() {
  const tabs = useTabDisplayOrder();
  const { has, ready } = usePermissions();
  const [action] = useSelectedAction();
  const pathname = useLocation({ select: (location) => location.pathname });

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

  return (
    <MenuOnFirstUse
      chunk={headerMenus}
      trigger={(use) => <OperationButton {...use} current={current} {...CLOSED_MENU_TRIGGER} />}
      menu={({ OperationMenu }, open) => (
        <OperationMenu
          tree={tree}
          currentNode={currentNode}
          current={current}
          loading={tabs.isPending || !ready}
          failed={tabs.isError}
          defaultOpen={open}
        />
      )}
    />
  );
}
