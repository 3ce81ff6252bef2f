-- Autosave admitted on an access read earlier and confirmed in the save itself (decision 063).
--
-- access_epoch is one number that moves whenever anything a request's access is made of changes: a session
-- signed out or ended, a user's role, state or name, a role's permissions, a membership, a café's state or
-- district. Triggers move it, so every way in (the server on any instance, the command line, a hand-written
-- statement) is covered. An instance may admit an autosave on the access it read for that session a moment ago
-- (at most 30 s, tagged with the number read in the same statement); the save compares the number in its
-- own transaction, before any lock or write, and answers access_changed if it moved. The server then reads the
-- access afresh and decides as for any request. So a save is never written on access that is no longer true.
CREATE TABLE access_epoch (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  n        bigint NOT NULL
);
INSERT INTO access_epoch (only_row, n) VALUES (true, 1);

CREATE FUNCTION move_access_epoch() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE access_epoch SET n = n + 1;
  RETURN NULL;
END
$fn$;

-- A session: ended (signed out, expired on sight, cleaned up) or given another expiry or user. Its last_seen_at,
-- touched once a minute while it is used, moves nothing: the instances re-read access well within that minute.
CREATE TRIGGER sessions_access_epoch AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER sessions_access_epoch_update AFTER UPDATE OF expires_at, user_id ON sessions
  FOR EACH ROW WHEN (OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION move_access_epoch();

-- A user: what the access answers about them (role, state, the names and picture requests show).
CREATE TRIGGER users_access_epoch AFTER UPDATE ON users
  FOR EACH ROW WHEN ((OLD.role_key, OLD.active, OLD.must_change_password, OLD.email, OLD.first_name,
                      OLD.last_name, OLD.profile_image_url)
                     IS DISTINCT FROM (NEW.role_key, NEW.active, NEW.must_change_password, NEW.email,
                                       NEW.first_name, NEW.last_name, NEW.profile_image_url))
  EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER users_access_epoch_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION move_access_epoch();

-- A role's permissions and a person's cafés and districts: any change.
CREATE TRIGGER role_permissions_access_epoch AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER user_locations_access_epoch AFTER INSERT OR UPDATE OR DELETE ON user_locations
  FOR EACH ROW EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER user_districts_access_epoch AFTER INSERT OR UPDATE OR DELETE ON user_districts
  FOR EACH ROW EXECUTE FUNCTION move_access_epoch();

-- A café: added (an administrator's scope is every active café), removed, closed or reopened, moved to
-- another district.
CREATE TRIGGER locations_access_epoch AFTER INSERT OR DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER locations_access_epoch_update AFTER UPDATE ON locations
  FOR EACH ROW WHEN ((OLD.active, OLD.district_id) IS DISTINCT FROM (NEW.active, NEW.district_id))
  EXECUTE FUNCTION move_access_epoch();

-- Emptying a table fires no row trigger.
CREATE TRIGGER sessions_access_epoch_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER users_access_epoch_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER role_permissions_access_epoch_truncate AFTER TRUNCATE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER user_locations_access_epoch_truncate AFTER TRUNCATE ON user_locations
  FOR EACH STATEMENT EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER user_districts_access_epoch_truncate AFTER TRUNCATE ON user_districts
  FOR EACH STATEMENT EXECUTE FUNCTION move_access_epoch();
CREATE TRIGGER locations_access_epoch_truncate AFTER TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION move_access_epoch();

-- save_count_batch as migration 0018 left it, with the number its access was admitted on: a save whose number is
-- no longer the database's writes nothing and answers access_changed. Without a number (NULL: the access was read
-- for this request) it saves as before.
DROP FUNCTION save_count_batch(integer, integer, integer, jsonb);

CREATE FUNCTION save_count_batch(
  p_location_id integer, p_session_id integer, p_actor_id integer, p_edits jsonb, p_access_epoch bigint DEFAULT NULL
) RETURNS TABLE (
  out_outcome text, out_session_id integer, out_started_at timestamptz, out_started_by text,
  out_cleared_at timestamptz, out_product_id integer, out_applied boolean, out_count numeric,
  out_confirmed boolean, out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz,
  out_counted_by text
) LANGUAGE plpgsql AS $fn$
#variable_conflict use_column
DECLARE
  open_session record;
BEGIN
  IF p_access_epoch IS NOT NULL AND p_access_epoch <> (SELECT e.n FROM access_epoch e) THEN
    RETURN QUERY SELECT 'access_changed'::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::timestamptz,
      NULL::integer, NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean, NULL::timestamptz,
      NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  SELECT cs.id, cs.started_at, cs.cleared_at,
         (SELECT COALESCE(NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.email)
            FROM users u WHERE u.id = cs.started_by)::text AS started_by
    INTO open_session
    FROM count_sessions cs
   WHERE cs.location_id = p_location_id AND cs.status = 'open'
     FOR NO KEY UPDATE OF cs;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_session'::text, NULL::integer, NULL::timestamptz, NULL::text, NULL::timestamptz,
      NULL::integer, NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean, NULL::timestamptz,
      NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  IF p_session_id IS NOT NULL AND open_session.id <> p_session_id THEN
    RETURN QUERY SELECT 'session_changed'::text, open_session.id, open_session.started_at, open_session.started_by,
      open_session.cleared_at, NULL::integer, NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean,
      NULL::timestamptz, NULL::timestamptz, NULL::text;
    RETURN;
  END IF;
  RETURN QUERY
    SELECT 'unknown_products'::text, open_session.id, open_session.started_at, open_session.started_by,
           open_session.cleared_at, r."productId", NULL::boolean, NULL::numeric, NULL::boolean, NULL::boolean,
           NULL::timestamptz, NULL::timestamptz, NULL::text
      FROM jsonb_to_recordset(p_edits) AS r("productId" int)
      LEFT JOIN LATERAL (SELECT p.id FROM products p WHERE p.id = r."productId" LIMIT 1) p ON true
     WHERE p.id IS NULL
     ORDER BY r."productId";
  IF FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT 'saved'::text, open_session.id, open_session.started_at, open_session.started_by,
           open_session.cleared_at, f.out_product_id, f.out_applied, f.out_count, f.out_confirmed,
           f.out_edited_after_confirm, f.out_typed_at, f.out_counted_at, f.out_counted_by
      FROM save_count_items(open_session.id, p_location_id, p_actor_id, open_session.cleared_at, p_edits) f;
END
$fn$;

-- Each batch of a group carries its own number (accessEpoch), checked as above.
CREATE OR REPLACE FUNCTION save_count_batches(p_batches jsonb)
RETURNS TABLE (
  out_batch integer, out_outcome text, out_session_id integer, out_started_at timestamptz, out_started_by text,
  out_cleared_at timestamptz, out_product_id integer, out_applied boolean, out_count numeric,
  out_confirmed boolean, out_edited_after_confirm boolean, out_typed_at timestamptz, out_counted_at timestamptz,
  out_counted_by text
) LANGUAGE plpgsql AS $fn$
DECLARE
  b record;
BEGIN
  FOR b IN
    SELECT (e.ordinality - 1)::integer AS idx, e.value AS batch
      FROM jsonb_array_elements(p_batches) WITH ORDINALITY AS e(value, ordinality)
     ORDER BY (e.value->>'locationId')::integer, e.ordinality
  LOOP
    RETURN QUERY
      SELECT b.idx, f.*
        FROM save_count_batch((b.batch->>'locationId')::integer, (b.batch->>'sessionId')::integer,
                              (b.batch->>'actorId')::integer, b.batch->'edits',
                              (b.batch->>'accessEpoch')::bigint) f;
  END LOOP;
END
$fn$;
