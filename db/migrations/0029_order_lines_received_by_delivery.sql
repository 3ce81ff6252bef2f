-- A placed order is received delivery by delivery, as its vendors deliver (decision 092). Each line points at the
-- order event that recorded its delivery: its time and who took it in are the event's. A line with none has not
-- arrived. The usage report reads receipts through this link, so each line counts from the day it arrived.
ALTER TABLE order_lines ADD COLUMN receipt_event_id bigint REFERENCES order_events(id);

-- Orders received before this change arrived whole: every line with the order's receipt.
UPDATE order_lines ol
   SET receipt_event_id = e.id
  FROM order_events e
 WHERE e.order_id = ol.order_id AND e.to_status = 'received';
