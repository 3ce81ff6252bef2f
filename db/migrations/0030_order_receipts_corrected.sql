-- What came in a delivery can be corrected after it was received (decision 093): a case found in the walk-in, a
-- quantity typed wrong. The correction is a step of the order's history that changes no status, so the history
-- says what kind of step each event is: a `step` is told by its statuses (submitted, an edit of quantities, a
-- transition, a delivery); a `receipt_correction` rewrote what came on lines received before.
ALTER TABLE order_events
  ADD COLUMN kind text NOT NULL DEFAULT 'step' CHECK (kind IN ('step', 'receipt_correction'));
