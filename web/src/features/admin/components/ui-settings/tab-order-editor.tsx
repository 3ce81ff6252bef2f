import { tabTreeProblems } from '@engine/admin-tab-schemas.ts';
import type { TabDisplayEntry } from '@engine/api-schemas.ts';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Checkbox } from '@web/components/ui/checkbox.tsx';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select.tsx';
import { toast } from '@web/components/ui/use-toast.ts';
import { useSaveTabDisplayOrder } from '@web/features/admin/api/save-tab-display-order.ts';
import { DANGER_TEXT } from '@web/features/admin/components/common/alert-tones.ts';
import { MoveButtons } from '@web/features/admin/components/common/move-buttons.tsx';
import { MutationError } from '@web/features/admin/components/common/mutation-error.tsx';
import { QueryState } from '@web/features/admin/components/common/query-state.tsx';
import { SectionCard } from '@web/features/admin/components/common/section-card.tsx';
import { useMoveFocus } from '@web/features/admin/hooks/use-move-focus.ts';
import { useOpenedDraft } from '@web/features/admin/hooks/use-opened-draft.ts';
import {
  hasChildren,
  moveTab,
  normaliseTabs,
  parentChoices,
  setTabParent,
  tabRows,
  tabsChanged,
  tabUpdates,
} from '@web/features/admin/tab-order.ts';
import { errorCodeOf } from '@web/lib/api-client.ts';
import { cn } from '@web/lib/cn.ts';
import { useTabDisplayOrder } from '@web/lib/shared-reads/tab-display-order.ts';
import { CornerDownRight } from 'lucide-react';
import { useId, useState } from 'react';

const TOP_LEVEL = 'top';

function TabRowControls({
  tab,
  tabs,
  onChange,
}: {
  tab: TabDisplayEntry;
  tabs: readonly TabDisplayEntry[];
  onChange: (next: TabDisplayEntry[]) => void;
}) {
  const visibleId = useId();
  const parentLocked = hasChildren(tabs, tab.id);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex min-h-11 items-center gap-2">
        <Checkbox
          id={visibleId}
          checked={tab.isVisible}
          onCheckedChange={(value) =>
            onChange(tabs.map((t) => (t.id === tab.id ? { ...t, isVisible: value === true } : t)))
          }
        />
        <label htmlFor={visibleId} className="text-sm">
          Visible<span className="sr-only"> {tab.tabName}</span>
        </label>
      </div>
      <Select
        value={tab.parentId === null ? TOP_LEVEL : String(tab.parentId)}
        disabled={parentLocked}
        onValueChange={(value) =>
          onChange(setTabParent(tabs, tab.id, value === TOP_LEVEL ? null : Number(value)))
        }
      >
        <SelectTrigger
          size="sm"
          className="w-44"
          aria-label={`Parent of ${tab.tabName}`}
          title={parentLocked ? 'A tab with tabs inside it stays at the top level' : undefined}
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={TOP_LEVEL}>Top level</SelectItem>
          {parentChoices(tabs, tab.id).map((parent) => (
            <SelectItem key={parent.id} value={String(parent.id)}>
              Inside {parent.tabName}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * The header's operation menu as administrators arrange it: order (a parent moves with its children),
 * visibility and nesting one level deep. Saved as a whole; everyone's menu follows on their next load.
 */
export function TabOrderEditor() {
  const saved = useTabDisplayOrder();
  const save = useSaveTabDisplayOrder();
  const {
    opened,
    draft: tabs,
    setDraft: setTabs,
    dirty,
    reset,
    refused,
  } = useOpenedDraft<readonly TabDisplayEntry[], TabDisplayEntry[]>(
    saved.data,
    normaliseTabs,
    tabsChanged,
    [],
  );
  const [problems, setProblems] = useState<string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const { container, remember } = useMoveFocus<HTMLOListElement>();
  const rows = tabRows(tabs);

  function move(tab: TabDisplayEntry, direction: -1 | 1) {
    remember(String(tab.id), direction);
    const next = moveTab(tabs, tab.id, direction);
    setTabs(next);
    const row = tabRows(next).find((r) => r.tab.id === tab.id);
    if (row) setAnnouncement(`${tab.tabName} moved to position ${row.index + 1} of ${row.siblings}.`);
  }

  function submit() {
    const found = tabTreeProblems(
      (saved.data ?? []).map((t) => t.id),
      tabs,
    );
    setProblems(found);
    if (found.length > 0) return;
    save.mutate(
      { tabs: tabUpdates(tabs), ...(opened ? { basedOn: tabUpdates(opened) } : {}) },
      {
        onSuccess: (stored) => {
          // What was saved is what the next edit starts from.
          reset(stored);
          toast({ title: 'Tabs saved', description: 'The operation menu shows the new order.' });
        },
        onError: (error) => {
          if (errorCodeOf(error) === 'conflict') refused();
        },
      },
    );
  }

  return (
    <SectionCard
      title="Tabs"
      description="The order, nesting and visibility of the operation menu. People still see only what their role allows."
      actions={
        <>
          <Button
            variant="outline"
            disabled={!dirty || save.isPending}
            onClick={() => saved.data && reset(saved.data)}
          >
            Discard
          </Button>
          <Button disabled={!dirty || save.isPending} onClick={submit}>
            Save tabs
          </Button>
        </>
      }
    >
      <QueryState query={saved} label="tabs" />
      {saved.data ? (
        <>
          <ol ref={container} aria-label="Tabs in menu order" className="flex flex-col gap-1.5">
            {rows.map(({ tab, depth, index, siblings }) => (
              <li
                key={tab.id}
                className={cn(
                  'grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1 rounded-[var(--ui-input-radius,var(--radius))] border bg-background px-3 py-2 sm:flex',
                  depth === 1 && 'ml-6 sm:ml-8',
                  !tab.isVisible && 'bg-muted/60',
                )}
              >
                <div className="col-start-1 row-start-1 flex min-w-0 flex-1 items-center gap-2">
                  {depth === 1 ? (
                    <CornerDownRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  ) : null}
                  <span className="min-w-0">
                    <span
                      className={cn('block truncate font-medium', !tab.isVisible && 'text-muted-foreground')}
                    >
                      {tab.tabName}
                      {tab.isVisible ? null : <span className="font-normal"> · hidden</span>}
                    </span>
                    <code className="block truncate text-xs text-muted-foreground">{tab.tabKey}</code>
                  </span>
                </div>
                <div className="col-span-2 row-start-2">
                  <TabRowControls tab={tab} tabs={tabs} onChange={setTabs} />
                </div>
                <div className="col-start-2 row-start-1">
                  <MoveButtons
                    name={tab.tabName}
                    moveKey={String(tab.id)}
                    canMoveUp={index > 0}
                    canMoveDown={index < siblings - 1}
                    onMove={(direction) => move(tab, direction)}
                  />
                </div>
              </li>
            ))}
          </ol>
          <p role="status" className="sr-only">
            {announcement}
          </p>
          <div className="mt-3 grid gap-3">
            {problems.length > 0 ? (
              <Alert variant="destructive" className={DANGER_TEXT}>
                <AlertTitle>These tabs cannot be saved</AlertTitle>
                <AlertDescription>
                  <ul className="list-disc pl-4">
                    {problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </AlertDescription>
              </Alert>
            ) : null}
            <MutationError error={save.error} />
          </div>
        </>
      ) : null}
    </SectionCard>
  );
}
