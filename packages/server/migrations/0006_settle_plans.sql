-- The settle-up plan people were last shown for a group and currency, so that paying one suggestion
-- leaves the other suggestions exactly as they were (the domain's planAfterPayment). Only a plan that
-- still settles the current balances exactly is used; any other change (an expense, a custom amount)
-- makes it stale and the plan is computed afresh from the balances. Written only by the transaction
-- that records a settlement (src/financial/record.ts), after its ledger rows, so locks are always
-- taken in the order member_balances, then settle_plans.
CREATE TABLE settle_plans (
  scope_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  -- [{ "from": user id, "to": user id, "amount": minor units }], in the plan's order.
  transfers jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope_id, currency)
);
