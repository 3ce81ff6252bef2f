-- A delivery received by mistake (the wrong vendor tapped, the truck not here yet) can be undone (decision 097):
-- its lines are to come again and the order, if that delivery completed it, is placed again. The history keeps the
-- delivery and says it was undone, so the order's events know a third kind of step.
ALTER TABLE order_events DROP CONSTRAINT order_events_kind_check;
ALTER TABLE order_events
  ADD CONSTRAINT order_events_kind_check CHECK (kind IN ('step', 'receipt_correction', 'receipt_undone'));
