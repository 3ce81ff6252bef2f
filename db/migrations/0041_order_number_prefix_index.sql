-- An order's number is unique across the chain, but its next sequence was looked for among its own café's orders
-- only: a café given a code another café used earlier the same day (a recoded café, a code reused) computed a
-- number already taken and could not order until the next day. The sequence is now read chain-wide, through
-- this index on the number's prefix, so the look-up stays one index range however many orders the chain has. Codes
-- are unique ignoring case, so the prefix is compared ignoring case too: "dt-02" after "DT-02" goes on from its
-- numbers rather than starting a "dt-02-…-0001" a person reads as the same number.
CREATE INDEX orders_number_prefix ON orders (lower(number) text_pattern_ops);
