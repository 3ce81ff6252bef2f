-- Every spell a café was closed and a task inactive (decision 117). Until now closing a café or deactivating a task
-- kept only the current spell's start (migrations 0033 and 0035), and making it active again erased it: the weeks a
-- seasonal kiosk was shut read as weeks it missed its counts, and the days a paused task was off every checklist as
-- days every café missed it. A spell is a range from the closing to the opening again, with no end while it lasts.
ALTER TABLE locations ADD COLUMN closed_spells tstzmultirange NOT NULL DEFAULT '{}';
ALTER TABLE tasks ADD COLUMN inactive_spells tstzmultirange NOT NULL DEFAULT '{}';

-- The database keeps a café's spells as it keeps `closed_at`, whatever writes `active`: closing opens a spell at
-- now, opening again ends it there.
CREATE OR REPLACE FUNCTION location_closed_at() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.active THEN
    NEW.closed_at := NULL;
    IF NOT OLD.active THEN
      NEW.closed_spells := OLD.closed_spells - tstzmultirange(tstzrange(now(), NULL));
    END IF;
  ELSIF OLD.active THEN
    NEW.closed_at := now();
    NEW.closed_spells := OLD.closed_spells + tstzmultirange(tstzrange(now(), NULL));
  END IF;
  RETURN NEW;
END
$fn$;

-- Spells that ended before this migration: the audit log holds each admin edit that closed a café or deactivated a
-- task and the one that made it active again. A spell whose end was not audited is left out (what it covered is not
-- known); the current spell is the one the column already dates.
CREATE TEMPORARY TABLE audited_spells ON COMMIT DROP AS
SELECT entity, id, range_agg(tstzrange(at, next_at)) AS spells
  FROM (
    SELECT a.entity, a.entity_id::int AS id, a.created_at AS at, (a.after ->> 'active') = 'true' AS active,
           lead(a.created_at) OVER w AS next_at, lead((a.after ->> 'active') = 'true') OVER w AS next_active
      FROM audit_log a
     WHERE a.entity IN ('location', 'task')
       AND a.entity_id ~ '^[0-9]+$'
       AND (a.after ->> 'active') IN ('true', 'false')
       AND (a.before ->> 'active') IS DISTINCT FROM (a.after ->> 'active')
    WINDOW w AS (PARTITION BY a.entity, a.entity_id ORDER BY a.created_at, a.id)
  ) changes
 WHERE NOT active AND next_active
 GROUP BY entity, id;

UPDATE locations l
   SET closed_spells = s.spells
  FROM audited_spells s
 WHERE s.entity = 'location' AND s.id = l.id;

UPDATE locations
   SET closed_spells = closed_spells + tstzmultirange(tstzrange(closed_at, NULL))
 WHERE closed_at IS NOT NULL;

UPDATE tasks t
   SET inactive_spells = s.spells
  FROM audited_spells s
 WHERE s.entity = 'task' AND s.id = t.id;

UPDATE tasks
   SET inactive_spells = inactive_spells + tstzmultirange(tstzrange(retired_at, NULL))
 WHERE retired_at IS NOT NULL;
