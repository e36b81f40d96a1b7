-- Leftover units (the minor units a split cannot divide evenly) go round a group's members instead of
-- always to the smallest id. Each group counts the leftover units it has handed out; a new expense takes
-- the count as where its leftovers start (`expenses.leftover_start`, kept, so an edit of the expense
-- splits it the same way and no other expense ever moves it) and moves the count on by its own.
-- A table of its own rather than a column of groups: the counter's row lock serializes the creates in a
-- group without touching the group row, which group changes lock first (see groups/locks.ts).
CREATE TABLE group_leftovers (
  group_id uuid PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
  handed_out bigint NOT NULL DEFAULT 0 CHECK (handed_out >= 0)
);

-- Existing expenses started at the smallest id: 0 splits them exactly as before.
ALTER TABLE expenses ADD COLUMN leftover_start bigint NOT NULL DEFAULT 0;
