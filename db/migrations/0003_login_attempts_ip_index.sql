-- The per-address sign-in limit counts recent failures by ip.
CREATE INDEX login_attempts_ip_idx ON login_attempts (ip, attempted_at);
