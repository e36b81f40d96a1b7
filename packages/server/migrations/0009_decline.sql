-- Consent outside groups: a person named by someone else in a personal expense or settlement may decline
-- it. A declined row stays (both sides see who declined it and when) but counts for nobody: the decline
-- takes back its ledger postings in the same transaction, and the recomputation skips it.
ALTER TABLE expenses
  ADD COLUMN declined_at timestamptz,
  ADD COLUMN declined_by uuid REFERENCES users (id),
  ADD CONSTRAINT expenses_declined_with_who CHECK ((declined_at IS NULL) = (declined_by IS NULL)),
  -- In a group, membership is the consent.
  ADD CONSTRAINT expenses_declined_outside_groups CHECK (declined_at IS NULL OR group_id IS NULL);

ALTER TABLE settlements
  ADD COLUMN declined_at timestamptz,
  ADD COLUMN declined_by uuid REFERENCES users (id),
  ADD CONSTRAINT settlements_declined_with_who CHECK ((declined_at IS NULL) = (declined_by IS NULL)),
  ADD CONSTRAINT settlements_declined_outside_groups CHECK (declined_at IS NULL OR group_id IS NULL);

ALTER TABLE settlement_events DROP CONSTRAINT settlement_events_action_check;
ALTER TABLE settlement_events
  ADD CONSTRAINT settlement_events_action_check CHECK (action IN ('created', 'updated', 'deleted', 'declined'));
