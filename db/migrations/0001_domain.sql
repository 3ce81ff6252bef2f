-- The whole domain of Parstock in one first migration, so later work adds behaviour, not afterthought tables.
-- Quantities are numeric (PARs and counts allow quarters); the client parses numeric to JS numbers.

CREATE TABLE districts (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE locations (
  id                  integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                text NOT NULL,
  code                text NOT NULL UNIQUE,
  district_id         integer NOT NULL REFERENCES districts(id),
  timezone            text NOT NULL DEFAULT 'America/New_York',
  square_location_id  text UNIQUE,
  active              boolean NOT NULL DEFAULT true,
  created_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX locations_district_idx ON locations(district_id);

CREATE TABLE roles (
  key          text PRIMARY KEY,
  name         text NOT NULL,
  description  text NOT NULL DEFAULT ''
);

CREATE TABLE permissions (
  key          text PRIMARY KEY,
  description  text NOT NULL DEFAULT ''
);

-- Admin is never stored here: it always has every permission.
CREATE TABLE role_permissions (
  role_key        text NOT NULL REFERENCES roles(key) ON DELETE CASCADE,
  permission_key  text NOT NULL REFERENCES permissions(key) ON DELETE CASCADE,
  PRIMARY KEY (role_key, permission_key)
);

CREATE TABLE users (
  id                 integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email              text NOT NULL,
  first_name         text NOT NULL DEFAULT '',
  last_name          text NOT NULL DEFAULT '',
  password_hash      text NOT NULL,
  role_key           text NOT NULL REFERENCES roles(key),
  profile_image_url  text,
  active             boolean NOT NULL DEFAULT true,
  must_change_password boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  last_login_at      timestamptz
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE user_locations (
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  location_id  integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, location_id)
);

-- District managers see every location of their districts, including ones added later.
CREATE TABLE user_districts (
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  district_id  integer NOT NULL REFERENCES districts(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, district_id)
);

-- Only a SHA-256 of the session id is stored, so a leaked table cannot be replayed as cookies.
CREATE TABLE sessions (
  id_hash       text PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  user_agent    text,
  ip            text
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

-- Failed sign-ins live in the database so the limit holds across server instances.
CREATE TABLE login_attempts (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email         text NOT NULL,
  ip            text,
  succeeded     boolean NOT NULL,
  attempted_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_email_idx ON login_attempts (lower(email), attempted_at);

CREATE TABLE categories (
  name           text PRIMARY KEY,
  display_order  integer NOT NULL
);

CREATE TABLE products (
  id                      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name                    text NOT NULL UNIQUE,
  sku                     text UNIQUE,
  unit                    text NOT NULL DEFAULT 'each',
  cafe_order_category     text NOT NULL,
  order_subcategory       text,
  maximum_stock_quantity  numeric(12,2) CHECK (maximum_stock_quantity IS NULL OR maximum_stock_quantity >= 0),
  unit_cost               numeric(12,2) NOT NULL DEFAULT 0 CHECK (unit_cost >= 0),
  vendor                  text,
  is_daily_count          boolean NOT NULL DEFAULT false,
  square_variation_id     text UNIQUE,
  retired_at              timestamptz,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_category_idx ON products(cafe_order_category);

-- Per location and product: PAR, its lock, lifecycle and stock status.
CREATE TABLE location_products (
  location_id     integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  product_id      integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  par             numeric(12,2) NOT NULL DEFAULT 0 CHECK (par >= 0),
  par_locked      boolean NOT NULL DEFAULT false,
  par_locked_by   integer REFERENCES users(id),
  par_locked_at   timestamptz,
  lifecycle       text NOT NULL DEFAULT 'active'
                  CHECK (lifecycle IN ('active', 'new', 'phasing_out', 'discontinued')),
  stock_status    text NOT NULL DEFAULT 'in_stock' CHECK (stock_status IN ('in_stock', 'low', 'out')),
  backordered     boolean NOT NULL DEFAULT false,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  updated_by      integer REFERENCES users(id),
  PRIMARY KEY (location_id, product_id)
);

CREATE TABLE count_sessions (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  started_at  timestamptz NOT NULL DEFAULT now(),
  started_by  integer REFERENCES users(id),
  closed_at   timestamptz
);
CREATE UNIQUE INDEX count_sessions_one_open ON count_sessions(location_id) WHERE status = 'open';

CREATE TABLE count_items (
  session_id            integer NOT NULL REFERENCES count_sessions(id) ON DELETE CASCADE,
  product_id            integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  count                 numeric(12,2) CHECK (count IS NULL OR count >= 0),
  confirmed             boolean NOT NULL DEFAULT false,
  confirmed_at          timestamptz,
  edited_after_confirm  boolean NOT NULL DEFAULT false,
  updated_at            timestamptz NOT NULL DEFAULT now(),
  updated_by            integer REFERENCES users(id),
  PRIMARY KEY (session_id, product_id)
);

CREATE TABLE count_completions (
  id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id   integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  session_id    integer REFERENCES count_sessions(id) ON DELETE SET NULL,
  completed_at  timestamptz NOT NULL DEFAULT now(),
  completed_by  integer REFERENCES users(id),
  items_counted integer NOT NULL DEFAULT 0,
  is_active     boolean NOT NULL DEFAULT true
);
-- One active completion per location: a second concurrent completion fails instead of doubling.
CREATE UNIQUE INDEX count_completions_one_active ON count_completions(location_id) WHERE is_active;

CREATE TABLE nightly_counts (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  location_id    integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  business_date  date NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  created_by     integer REFERENCES users(id),
  completed_at   timestamptz,
  completed_by   integer REFERENCES users(id),
  UNIQUE (location_id, business_date)
);

CREATE TABLE nightly_count_items (
  nightly_count_id  integer NOT NULL REFERENCES nightly_counts(id) ON DELETE CASCADE,
  product_id        integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  count             numeric(12,2) CHECK (count IS NULL OR count >= 0),
  confirmed         boolean NOT NULL DEFAULT false,
  square_quantity   numeric(12,2),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  updated_by        integer REFERENCES users(id),
  PRIMARY KEY (nightly_count_id, product_id)
);

CREATE TABLE carts (
  location_id  integer PRIMARY KEY REFERENCES locations(id) ON DELETE CASCADE,
  suggested    boolean NOT NULL DEFAULT false,
  note         text NOT NULL DEFAULT '',
  updated_at   timestamptz NOT NULL DEFAULT now(),
  updated_by   integer REFERENCES users(id)
);

CREATE TABLE cart_items (
  location_id  integer NOT NULL REFERENCES carts(location_id) ON DELETE CASCADE,
  product_id   integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  quantity     numeric(12,2) NOT NULL CHECK (quantity > 0),
  suggested_quantity numeric(12,2),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (location_id, product_id)
);

CREATE TABLE orders (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  number           text NOT NULL UNIQUE,
  location_id      integer NOT NULL REFERENCES locations(id),
  status           text NOT NULL DEFAULT 'submitted'
                   CHECK (status IN ('submitted', 'approved', 'rejected', 'placed', 'received', 'cancelled')),
  note             text NOT NULL DEFAULT '',
  created_by       integer REFERENCES users(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  idempotency_key  text,
  -- Optimistic concurrency: two approvers acting on one order, one wins.
  version          integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX orders_idempotency_key ON orders(created_by, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX orders_location_status_idx ON orders(location_id, status, created_at);

CREATE TABLE order_lines (
  order_id    integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id),
  quantity    numeric(12,2) NOT NULL CHECK (quantity > 0),
  unit_cost   numeric(12,2) NOT NULL DEFAULT 0,
  PRIMARY KEY (order_id, product_id)
);

CREATE TABLE order_events (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id     integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  from_status  text,
  to_status    text NOT NULL,
  actor_id     integer REFERENCES users(id),
  comment      text NOT NULL DEFAULT '',
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX order_events_order_idx ON order_events(order_id, created_at);

CREATE TABLE tasks (
  id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title       text NOT NULL,
  cadence     text NOT NULL CHECK (cadence IN ('daily', 'weekly')),
  weekday     smallint CHECK (weekday BETWEEN 0 AND 6),
  due_time    time NOT NULL DEFAULT '17:00',
  role_key    text REFERENCES roles(key),
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK ((cadence = 'weekly') = (weekday IS NOT NULL))
);

CREATE TABLE task_completions (
  task_id        integer NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  location_id    integer NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
  business_date  date NOT NULL,
  completed_by   integer REFERENCES users(id),
  completed_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (task_id, location_id, business_date)
);

CREATE TABLE audit_log (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id     integer REFERENCES users(id) ON DELETE SET NULL,
  action       text NOT NULL,
  entity       text NOT NULL,
  entity_id    text,
  location_id  integer REFERENCES locations(id) ON DELETE SET NULL,
  before       jsonb,
  after        jsonb,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log(created_at);
CREATE INDEX audit_log_entity_idx ON audit_log(entity, entity_id);

CREATE TABLE settings (
  key         text PRIMARY KEY,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  updated_by  integer REFERENCES users(id)
);

CREATE TABLE tab_display_order (
  id             integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  tab_key        text NOT NULL UNIQUE,
  tab_name       text NOT NULL,
  icon           text,
  parent_id      integer REFERENCES tab_display_order(id) ON DELETE SET NULL,
  display_order  integer NOT NULL DEFAULT 0,
  is_visible     boolean NOT NULL DEFAULT true,
  permission     text REFERENCES permissions(key)
);

-- Request outcomes for the API-health view's recent error rate, shared by all instances.
CREATE TABLE request_stats (
  minute       timestamptz NOT NULL,
  instance_id  text NOT NULL,
  requests     integer NOT NULL DEFAULT 0,
  errors       integer NOT NULL DEFAULT 0,
  PRIMARY KEY (minute, instance_id)
);
