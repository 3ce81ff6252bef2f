-- A placed order is received delivery by delivery, as its vendors deliver (decision 092). Each line points at the
-- order event that recorded its delivery: its time and who took it in are the event's. A line with none has not
-- arrived. `received_quantity` is what came, which may be less (or more) than ordered. The usage report reads
-- receipts through this link, so each line counts from the day it arrived, with what arrived.
ALTER TABLE order_lines
  ADD COLUMN receipt_event_id bigint REFERENCES order_events(id),
  ADD COLUMN received_quantity numeric(12,2) CHECK (received_quantity >= 0),
  ADD CONSTRAINT order_lines_received_together CHECK ((receipt_event_id IS NULL) = (received_quantity IS NULL));

-- Orders received before this change arrived whole, as ordered: every line with the order's receipt.
UPDATE order_lines ol
   SET receipt_event_id = e.id, received_quantity = ol.quantity
  FROM order_events e
 WHERE e.order_id = ol.order_id AND e.to_status = 'received';
