-- The access of several requests in one call (decision 055), for the embedded database: PGlite runs one statement
-- at a time on one thread, and most of an access statement's cost there is the call itself (the protocol, parsing
-- and planning the calling statement: about 0.3 ms), not the lookup (about 0.05 ms). Requests that arrive while
-- the database is busy are looked up together. A loop of the one-session query, not one join over the array: each
-- lookup keeps session_access's plan (inlined from session_access_inline, one rule), whatever the number of
-- sessions; a join's plan was chosen for the first group's size and was four times slower for other sizes.
-- out_index is the session's place in p_hashes (from 1); a session that is not there has no row.
CREATE FUNCTION session_access_many(p_hashes text[], p_idle_seconds integer, p_touch_seconds integer)
RETURNS TABLE (
  out_index integer, out_user_id integer, out_email text, out_first_name text, out_last_name text, out_role text,
  out_profile_image_url text, out_must_change_password boolean, out_live boolean, out_stale boolean,
  out_permissions text[], out_scope_location_ids integer[]
) LANGUAGE plpgsql AS $fn$
BEGIN
  FOR i IN 1 .. coalesce(array_length(p_hashes, 1), 0) LOOP
    RETURN QUERY SELECT i, a.* FROM session_access_inline(p_hashes[i], p_idle_seconds, p_touch_seconds) a;
  END LOOP;
END
$fn$;
