-- When a café was made inactive (decision 114). Count compliance holds a closed café to the weeks it was open, so
-- the weeks before it closed in which nothing was counted show as missed, and the weeks since do not. The database
-- keeps it, whatever writes `active`: closing sets it, making the café active again clears it.
ALTER TABLE locations ADD COLUMN closed_at timestamptz;

CREATE FUNCTION location_closed_at() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.active THEN
    NEW.closed_at := NULL;
  ELSIF OLD.active THEN
    NEW.closed_at := now();
  END IF;
  RETURN NEW;
END
$fn$;

CREATE TRIGGER locations_closed_at
  BEFORE UPDATE OF active ON locations
  FOR EACH ROW EXECUTE FUNCTION location_closed_at();

-- Cafés closed before this migration: the audit log holds the admin edit that closed each one. A café closed without
-- an audited edit keeps no date, and reports treat it as before.
UPDATE locations l
   SET closed_at = closing.at
  FROM (
    SELECT a.entity_id::int AS id, max(a.created_at) AS at
      FROM audit_log a
     WHERE a.entity = 'location'
       AND a.entity_id ~ '^[0-9]+$'
       AND (a.after ->> 'active') = 'false'
       AND (a.before IS NULL OR (a.before ->> 'active') IS DISTINCT FROM 'false')
     GROUP BY a.entity_id
  ) closing
 WHERE l.id = closing.id AND NOT l.active;
