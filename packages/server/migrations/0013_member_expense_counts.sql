-- How many live expenses each person paid or shares in, per scope (a group, or PERSONAL: the all-zero
-- uuid), kept running by every expense write under its scope's ledger lock (src/ledger/counts.ts). The
-- total of GET /expenses/user sums a person's rows, one per scope they ever had an expense in, instead of
-- counting their whole history on every dashboard load. A declined expense still counts: the list shows it.
CREATE TABLE member_expense_counts (
  scope_id uuid NOT NULL,
  user_id uuid NOT NULL,
  expense_count bigint NOT NULL CHECK (expense_count >= 0),
  PRIMARY KEY (scope_id, user_id)
);

CREATE INDEX member_expense_counts_user_idx ON member_expense_counts (user_id);

INSERT INTO member_expense_counts (scope_id, user_id, expense_count)
SELECT scope_id, user_id, count(*)
  FROM (
    SELECT COALESCE(e.group_id, '00000000-0000-0000-0000-000000000000'::uuid) AS scope_id, e.paid_by AS user_id, e.id
      FROM expenses e
     WHERE e.deleted_at IS NULL
    UNION
    SELECT COALESCE(e.group_id, '00000000-0000-0000-0000-000000000000'::uuid), s.user_id, e.id
      FROM expenses e JOIN expense_splits s ON s.expense_id = e.id
     WHERE e.deleted_at IS NULL
  ) mine
 GROUP BY scope_id, user_id;
