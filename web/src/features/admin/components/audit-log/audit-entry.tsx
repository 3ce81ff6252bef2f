import type { AuditLogEntry } from '@engine/admin-audit-log-schemas.ts';
import { Badge } from '@web/components/ui/badge.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { auditDiff, describeAction } from '@web/features/admin/audit-diff.ts';
import { describeEntity, describeField } from '@web/features/admin/audit-words.ts';
import { cn } from '@web/lib/cn.ts';
import { formatDateTime } from '@web/lib/display-format.ts';
import { memo, useState } from 'react';

/** Lines shown before "Show all": most admin edits change a handful of fields. */
const SHOWN_LINES = 6;

/**
 * One write: who did what to which record, when and where, with what changed as before → after. Memoized: an
 * entry never changes once read, and each "Load older changes" would otherwise draw every entry shown again.
 */
export const AuditEntry = memo(function AuditEntry({ entry }: { entry: AuditLogEntry }) {
  const [expanded, setExpanded] = useState(false);
  const productName = (id: number) => entry.productNames[String(id)];
  const lines = auditDiff(entry.before, entry.after);
  const shown = expanded ? lines : lines.slice(0, SHOWN_LINES);
  // A record made from nothing has no "before": its fields read as a plain list of values.
  const created = lines.every((line) => line.kind === 'added');
  return (
    <li className="grid grid-cols-1 gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="font-medium text-foreground">
            {describeAction(entry.action)}
            <span className="font-normal text-muted-foreground">
              {' '}
              ·{' '}
              {entry.entityName ? (
                <span className="font-medium text-foreground">{entry.entityName} · </span>
              ) : null}
              {describeEntity(entry.entity)}
              {entry.entityId ? ` ${entry.entityId}` : ''}
            </span>
          </p>
          <p className="text-sm text-muted-foreground">
            {entry.actor ? entry.actor.name : 'System'}
            {entry.location ? ` at ${entry.location.name}` : ''}
          </p>
        </div>
        <time dateTime={entry.createdAt} className="shrink-0 text-sm text-muted-foreground tabular-nums">
          {formatDateTime(entry.createdAt)}
        </time>
      </div>
      {lines.length > 0 ? (
        // Scrolls sideways on a phone; keyboard users need to be able to focus it to scroll it. Positioned, so
        // the screen-reader-only words in its cells scroll with it instead of widening the page.
        <section
          className="relative overflow-x-auto rounded-md border bg-background"
          aria-label={`Changes of ${describeAction(entry.action)}, scrollable`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard
          tabIndex={0}
        >
          <table
            className={cn('w-full border-collapse text-xs', created ? 'min-w-[18rem]' : 'min-w-[28rem]')}
            aria-label={`Changes: ${describeAction(entry.action)}`}
          >
            <thead className="bg-muted/60 text-left text-muted-foreground">
              <tr>
                <th scope="col" className="w-1/3 px-3 py-1.5 font-medium">
                  Field
                </th>
                {created ? null : (
                  <th scope="col" className="px-3 py-1.5 font-medium">
                    Before
                  </th>
                )}
                <th scope="col" className="px-3 py-1.5 font-medium">
                  {created ? 'Value' : 'After'}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((line) => (
                <tr key={line.path} className="border-t align-top">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal break-words text-foreground">
                    {describeField(line.path, productName)}
                  </th>
                  {created ? null : (
                    <td
                      className={cn(
                        'px-3 py-1.5 break-words',
                        line.before === null ? 'text-muted-foreground' : 'bg-destructive/5 text-foreground',
                      )}
                    >
                      {line.before === null ? (
                        <>
                          <span aria-hidden="true">—</span>
                          <span className="sr-only">nothing</span>
                        </>
                      ) : (
                        <del className="no-underline">{line.before}</del>
                      )}
                    </td>
                  )}
                  <td
                    className={cn(
                      'px-3 py-1.5 break-words',
                      line.after === null
                        ? 'text-muted-foreground'
                        : created
                          ? 'text-foreground'
                          : 'bg-success/10 text-foreground',
                    )}
                  >
                    {line.after === null ? (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">removed</span>
                      </>
                    ) : (
                      <ins className="no-underline">{line.after}</ins>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {lines.length > SHOWN_LINES ? (
            <div className="border-t px-3 py-1">
              <Button
                variant="link"
                size="sm"
                className="h-8 px-0"
                onClick={() => setExpanded((value) => !value)}
              >
                {expanded ? 'Show fewer' : `Show all ${lines.length} ${created ? 'fields' : 'changes'}`}
              </Button>
            </div>
          ) : null}
        </section>
      ) : (
        <Badge variant="outline" className="text-muted-foreground">
          No field changes recorded
        </Badge>
      )}
    </li>
  );
});
