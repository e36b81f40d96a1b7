-- Running balances per scope (a group, or PERSONAL for expenses outside any group), member and currency.
-- Maintained in the same transaction as every expense and settlement write (src/ledger), so reading a
-- balance costs the same at 100 or 100,000 expenses. Tests prove it always equals a full recomputation.
CREATE TABLE member_balances (
  -- The group id, or the all-zero uuid for expenses and settlements outside any group.
  scope_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- Expenses paid plus settlements sent.
  paid_minor bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
  -- Expense shares plus settlements received.
  owed_minor bigint NOT NULL DEFAULT 0 CHECK (owed_minor >= 0),
  net_minor bigint GENERATED ALWAYS AS (paid_minor - owed_minor) STORED,
  PRIMARY KEY (scope_id, user_id, currency)
);
-- "My balances" across every group.
CREATE INDEX member_balances_user_idx ON member_balances (user_id, scope_id);
