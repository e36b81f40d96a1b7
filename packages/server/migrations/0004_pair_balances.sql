-- Running pairwise debts and expense statistics per scope, kept beside member_balances (0002) by
-- src/ledger in the same transaction as every expense and settlement write, so that settle-up
-- suggestions (their simplification factor) and group statistics cost the same at any history size.

-- What each pair of people owes each other before simplification, netted, per scope and currency.
CREATE TABLE pair_balances (
  -- The group id, or the all-zero uuid for expenses and settlements outside any group.
  scope_id uuid NOT NULL,
  -- The two people in id order, so a pair has exactly one row per scope and currency.
  user_a uuid NOT NULL REFERENCES users (id),
  user_b uuid NOT NULL REFERENCES users (id),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- What user_a owes user_b; negative when user_b owes user_a.
  a_owes_b_minor bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (scope_id, currency, user_a, user_b),
  CONSTRAINT pair_balances_ordered CHECK (user_a < user_b)
);
-- "My debts outside groups": a person's pairs, on either side.
CREATE INDEX pair_balances_user_a_idx ON pair_balances (user_a, scope_id);
CREATE INDEX pair_balances_user_b_idx ON pair_balances (user_b, scope_id);

-- Live expenses per scope and currency (group_stats of GET /financial/balances/group/{id}).
CREATE TABLE scope_expense_stats (
  scope_id uuid NOT NULL,
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  expense_count integer NOT NULL DEFAULT 0 CHECK (expense_count >= 0),
  total_minor bigint NOT NULL DEFAULT 0 CHECK (total_minor >= 0),
  PRIMARY KEY (scope_id, currency)
);

-- Deleting a group (after every balance is zero) takes its pairs and statistics along, whoever deletes it.
CREATE FUNCTION ledger_forget_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM pair_balances WHERE scope_id = OLD.id;
  DELETE FROM scope_expense_stats WHERE scope_id = OLD.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER groups_forget_ledger AFTER DELETE ON groups FOR EACH ROW EXECUTE FUNCTION ledger_forget_group();

-- Settlement lists, newest first (settlement_date, then created_at, then id), one page at a time.
CREATE INDEX settlements_group_page_idx ON settlements (group_id, settlement_date DESC, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX settlements_from_page_idx ON settlements (from_user_id, settlement_date DESC, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX settlements_to_page_idx ON settlements (to_user_id, settlement_date DESC, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

-- Whatever was recorded before this migration: every participant owes the payer their share, a
-- settlement from A to B lowers what A owes B (the domain's pairwiseDebts, summed).
INSERT INTO pair_balances (scope_id, user_a, user_b, currency, a_owes_b_minor)
SELECT scope_id, least(debtor, creditor), greatest(debtor, creditor), currency,
       sum(CASE WHEN debtor < creditor THEN amount ELSE -amount END)
  FROM (
    SELECT COALESCE(e.group_id, '00000000-0000-0000-0000-000000000000'::uuid) AS scope_id,
           s.user_id AS debtor, e.paid_by AS creditor, e.currency, s.amount_minor AS amount
      FROM expenses e JOIN expense_splits s ON s.expense_id = e.id
     WHERE e.deleted_at IS NULL AND s.user_id <> e.paid_by
    UNION ALL
    SELECT COALESCE(group_id, '00000000-0000-0000-0000-000000000000'::uuid),
           to_user_id, from_user_id, currency, amount_minor
      FROM settlements
     WHERE deleted_at IS NULL
  ) AS debts
 GROUP BY scope_id, least(debtor, creditor), greatest(debtor, creditor), currency;

INSERT INTO scope_expense_stats (scope_id, currency, expense_count, total_minor)
SELECT COALESCE(group_id, '00000000-0000-0000-0000-000000000000'::uuid), currency, count(*), sum(amount_minor)
  FROM expenses
 WHERE deleted_at IS NULL
 GROUP BY 1, 2;
