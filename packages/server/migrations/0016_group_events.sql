-- A group's history (issue 23): one row per change of the group, written by the service in the same
-- transaction as the change itself, so the history can never disagree with the data. Rows are never
-- updated; they go only with their group (a deleted group takes its history along).
--
-- id is a sequence, so within a group the newest event has the highest id even inside one transaction
-- (at = now() is the transaction's time, the same for everything it wrote): pages are keyset on id.
-- details: a snapshot for creates and deletes ({"expense": {...}}), {"changes": {field: [before, after]}}
-- for edits and settings; amounts as integer minor units beside their currency.
CREATE TABLE group_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  actor_id uuid NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('group_created', 'expense_created', 'expense_edited', 'expense_deleted',
    'settlement_recorded', 'member_joined', 'member_left', 'member_removed', 'settings_changed')),
  -- What the event is about: at most one expense or settlement, and the person joined, left or removed.
  -- Not foreign keys to expenses/settlements: a deleted group deletes those rows in its own order.
  expense_id uuid,
  settlement_id uuid,
  user_id uuid REFERENCES users (id),
  at timestamptz NOT NULL DEFAULT now(),
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);

-- The history, newest first; by kind; by person (what they did, and what happened to them).
CREATE INDEX group_events_group_idx ON group_events (group_id, id DESC);
CREATE INDEX group_events_kind_idx ON group_events (group_id, kind, id DESC);
CREATE INDEX group_events_actor_idx ON group_events (group_id, actor_id, id DESC);
CREATE INDEX group_events_user_idx ON group_events (group_id, user_id, id DESC) WHERE user_id IS NOT NULL;
