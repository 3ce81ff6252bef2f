import type { ClosedSpell } from '@engine/cafe-open-days.ts';
import type { InactiveSpell } from '@engine/task-due.ts';

/**
 * The spells a café was closed and a task inactive (decision 117), kept as `tstzmultirange` columns, as the engine
 * reads them: JSON text, oldest first, the ranges' ends `null` where a spell has not ended.
 */

/** A café's closed spells in days on its own clock: `[{ closedOn, reopenedOn }]`. `location` names its row. */
export const closedSpellsSql = (location: string) => `(
  SELECT COALESCE(json_agg(json_build_object(
           'closedOn', to_char((lower(s) AT TIME ZONE ${location}.timezone)::date, 'YYYY-MM-DD'),
           'reopenedOn', to_char((upper(s) AT TIME ZONE ${location}.timezone)::date, 'YYYY-MM-DD'))
         ORDER BY lower(s)), '[]')::text
    FROM unnest(${location}.closed_spells) s)`;

/** Whether a café was closed on `day` (a date expression), as `wasOpenOn` reads its spells. */
export const closedOnDaySql = (location: string, day: string) => `EXISTS (
  SELECT 1 FROM unnest(${location}.closed_spells) s
   WHERE (lower(s) AT TIME ZONE ${location}.timezone)::date <= ${day}
     AND (upper_inf(s) OR (upper(s) AT TIME ZONE ${location}.timezone)::date > ${day}))`;

export const isoMilliseconds = (instant: string) =>
  `to_char(${instant} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A task's inactive spells as instants: `[{ from, until }]`. `task` names its row. */
export const inactiveSpellsSql = (task: string) => `(
  SELECT COALESCE(json_agg(json_build_object(
           'from', ${isoMilliseconds('lower(s)')},
           'until', ${isoMilliseconds('upper(s)')})
         ORDER BY lower(s)), '[]')::text
    FROM unnest(${task}.inactive_spells) s)`;

export const parseClosedSpells = (text: unknown): ClosedSpell[] => JSON.parse(String(text));
export const parseInactiveSpells = (text: unknown): InactiveSpell[] => JSON.parse(String(text));
