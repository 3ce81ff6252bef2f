-- Every schedule a task had before an edit changed it (decision 118). A task's due time, cadence, weekday and role
-- were kept only as they are now, so an edit rewrote its history: a weekly task made daily showed every café's last
-- week as missed, and one moved from 07:00 to 19:00 showed last week's ticks as made twelve hours early. Each element
-- is one schedule and the instants it was in force: {"from", "until", "cadence", "weekday", "dueTime", "role"}.
-- The schedule now is in force from the last one's "until" (or the task's making).
ALTER TABLE tasks ADD COLUMN earlier_schedules jsonb NOT NULL DEFAULT '[]';

-- Tasks edited before this migration: the audit log holds each admin edit with the task before and after it. An
-- edit that changed the schedule ended the one before it, which had been in force since the edit before (or the
-- task's making).
UPDATE tasks t
   SET earlier_schedules = earlier.schedules
  FROM (
    SELECT c.id,
           jsonb_agg(jsonb_build_object(
             'from', to_char(c.since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'until', to_char(c.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'cadence', c.before -> 'cadence',
             'weekday', c.before -> 'weekday',
             'dueTime', c.before -> 'dueTime',
             'role', c.before -> 'role') ORDER BY c.at) AS schedules
      FROM (
        SELECT a.entity_id::int AS id, a.created_at AS at, a.before,
               COALESCE(lag(a.created_at) OVER (PARTITION BY a.entity_id ORDER BY a.created_at, a.id),
                        made.created_at) AS since
          FROM audit_log a
          JOIN tasks made ON made.id::text = a.entity_id
         WHERE a.entity = 'task'
           AND a.before ? 'dueTime' AND a.after ? 'dueTime'
           AND (a.before -> 'cadence', a.before -> 'weekday', a.before -> 'dueTime', a.before -> 'role')
               IS DISTINCT FROM (a.after -> 'cadence', a.after -> 'weekday', a.after -> 'dueTime', a.after -> 'role')
      ) c
     WHERE c.since < c.at
     GROUP BY c.id
  ) earlier
 WHERE t.id = earlier.id;
