-- Counting writes: several devices count one location, some offline for a while, so their edits arrive late
-- and out of order. Each item keeps when its stored value was typed (by the device's clock, never later than
-- the server's); an edit is stored only when typed after it. NULL means "unknown": any typed edit beats it.
ALTER TABLE count_items ADD COLUMN typed_at timestamptz;
ALTER TABLE nightly_count_items ADD COLUMN typed_at timestamptz;

-- "Clear all counts" keeps the session but empties it; edits typed before the clear stay cleared.
ALTER TABLE count_sessions ADD COLUMN cleared_at timestamptz;
ALTER TABLE count_sessions ADD COLUMN cleared_by integer REFERENCES users(id);

-- A location's change history (audit views per café) without scanning the whole log.
CREATE INDEX audit_log_location_idx ON audit_log(location_id, created_at);
-- "Has this count session been completed?" is asked on every completion.
CREATE INDEX count_completions_session_idx ON count_completions(session_id);
