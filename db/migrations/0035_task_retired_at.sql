-- When a task was deactivated (decision 116). A checklist holds a task on the days it fell due between its making
-- and its deactivation, so the days a café missed it before it was retired stay missed, in the Cafe Ops Tracker and
-- in the District Ops Tracker's past days. Written by the task's edit with the app's clock, as `created_at` is.
ALTER TABLE tasks ADD COLUMN retired_at timestamptz;

-- Tasks deactivated before this migration: the audit log holds the admin edit that deactivated each one. A task
-- deactivated without an audited edit keeps no date, and shows only on the days it was ticked, as before.
UPDATE tasks t
   SET retired_at = retiring.at
  FROM (
    SELECT a.entity_id::int AS id, max(a.created_at) AS at
      FROM audit_log a
     WHERE a.entity = 'task'
       AND a.entity_id ~ '^[0-9]+$'
       AND (a.after ->> 'active') = 'false'
       AND (a.before ->> 'active') = 'true'
     GROUP BY a.entity_id
  ) retiring
 WHERE t.id = retiring.id AND NOT t.active;
