-- Cafe Ops Tracker ticks (decision 030). A task's row of a day is kept when it is unticked (done = false),
-- so the last typed state wins against a tick still on its way from a phone that was offline; who changed
-- what and when is in the audit log.
ALTER TABLE task_completions ADD COLUMN done boolean NOT NULL DEFAULT true;
ALTER TABLE task_completions ADD COLUMN note text;
-- Completed after its business date had ended (a manager catching up).
ALTER TABLE task_completions ADD COLUMN late boolean NOT NULL DEFAULT false;
ALTER TABLE task_completions ADD COLUMN typed_at timestamptz;
ALTER TABLE task_completions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE task_completions ADD COLUMN updated_by integer REFERENCES users(id);

-- The trackers read a café's days, and the district grid every café's day at once.
CREATE INDEX task_completions_location_date_idx ON task_completions(location_id, business_date);
CREATE INDEX count_completions_location_idx ON count_completions(location_id, completed_at);
-- "PARs never set": the few products a café carries with a PAR of 0, found without reading all of its PARs.
CREATE INDEX location_products_no_par_idx ON location_products(location_id) WHERE par = 0;
