-- Every autosaved count, PAR change and imported PAR writes an audit row, so each index and check on the log is
-- paid once per row on the busiest writes (decision 045).

-- audit_log_created_id_idx (created_at DESC, id DESC) serves every created_at range and order this one did.
DROP INDEX audit_log_created_idx;

-- The log keeps the ids of who acted and where as history: users and locations are deactivated, never deleted,
-- and a row naming one that is gone is still a true record. The foreign keys cost a lookup of the user and the
-- location, with a share lock on each, for every audit row.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_id_fkey;
ALTER TABLE audit_log DROP CONSTRAINT audit_log_location_id_fkey;
