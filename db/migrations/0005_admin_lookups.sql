-- Names people type and match without regard to case (location codes in the CLI and imports, district
-- names, product names in CSV files) must stay unique that way too, or a match could pick either row.
CREATE UNIQUE INDEX locations_code_lower_key ON locations (lower(code));
CREATE UNIQUE INDEX districts_name_lower_key ON districts (lower(name));
CREATE UNIQUE INDEX products_name_lower_key ON products (lower(name));

-- The audit log view pages newest first by (created_at, id) and filters by who acted.
CREATE INDEX audit_log_created_id_idx ON audit_log (created_at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at);
