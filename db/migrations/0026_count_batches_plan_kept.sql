-- The statement that saves a run of autosave batches (migration 0025) planned once per connection, not per call.
--
-- PL/pgSQL keeps a statement's plan only when its generic plan looks no costlier than the plans made for each
-- call's values. For save_count_batches_at_once it never did: under the autosave bench every call was planned
-- again (pg_stat_statements: 2,316 plans for 2,306 calls), at 1.15 ms a plan against 1.57 ms of execution. The
-- values change nothing the planner could use (the batches are one JSON value, the locked counts an array looked
-- up by key, every stored row probed by key), so the generic plan is the same plan, bought once.
ALTER FUNCTION save_count_batches_at_once(jsonb, integer[]) SET plan_cache_mode = force_generic_plan;
