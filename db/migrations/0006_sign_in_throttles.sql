-- Password-attempt counters, reserved with a row lock before a password is hashed so the limits hold for
-- parallel requests and across server instances. scope: 'pair' (account + client address), 'address'
-- (across accounts), 'account' (across addresses); key: the lower-case email, the address ('' when
-- unknown), or both joined by a line break. login_attempts stays the log of checked attempts.
CREATE TABLE sign_in_throttles (
  scope              text NOT NULL CHECK (scope IN ('pair', 'address', 'account')),
  key                text NOT NULL,
  failures           integer NOT NULL DEFAULT 0,
  window_started_at  timestamptz,
  last_attempt_at    timestamptz,
  last_success_at    timestamptz,
  updated_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);
CREATE INDEX sign_in_throttles_updated_idx ON sign_in_throttles (updated_at);
