-- Live changes (issue 26): one row per change of a group, written in the transaction of the change itself,
-- so a change is seen live exactly when it is committed. Every server process reads the rows past the last
-- id it has seen (one range scan of the primary key every few hundred milliseconds, whatever the number of
-- its open streams) and sends each to its connected members: no lock is shared by the writes and nothing is
-- signalled between processes. Rows are pruned after an hour (the catch-up of a reconnecting client reaches
-- that far back; older, it is asked to read everything again).
--
-- Not foreign keys: a deleted group's last row (group_changed, with its former members as the audience)
-- outlives the group.
CREATE TABLE live_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  group_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('group_changed', 'expense_created', 'expense_edited', 'expense_deleted',
    'expense_declined', 'settlement_recorded', 'member_joined', 'member_left', 'member_removed', 'comment_added',
    'comment_edited', 'comment_deleted', 'receipt_added', 'receipt_removed', 'recurrence_changed')),
  -- The expense, settlement or member it concerns (for a comment or a receipt, its expense).
  entity_id uuid,
  actor_id uuid,
  -- Who hears it besides the group's members when it is read: a person who left or was removed hears
  -- that; a deleted group's former members hear that.
  audience uuid[] NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);

-- Pruning by age.
CREATE INDEX live_changes_at_idx ON live_changes (at);
