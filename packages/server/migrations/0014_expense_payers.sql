-- Several people may pay one expense (issue 22): who paid what, one row per payer. Every expense has its
-- payer rows, a single payer too (one row for the whole amount), so every read of who paid is the same.
-- expenses.paid_by stays: the principal payer (who paid the most, ties to the smallest id: the domain's
-- principalPayer), what older clients read and what the indexes of expenses by payer keep serving.
--
-- Not expense_splits.paid_minor (0001, always 0 and never read): a payer need not be a participant, and a
-- split row is a participant's share; a separate table keeps "who paid" and "who owes" independent, as the
-- domain has them. That column stays as it is (0001's check accepts its zeros).

CREATE TABLE expense_payers (
  expense_id uuid NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id),
  -- What this person paid of the expense; the rows of an expense add up exactly to its amount.
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  -- A copy of expenses.date (kept by triggers, as expense_splits.expense_date in 0003), so the payers-by-
  -- person index lists a person's expenses in page order without reading their whole history.
  expense_date timestamptz NOT NULL,
  PRIMARY KEY (expense_id, user_id)
);

-- "What I paid": payers by person, newest first (GET /expenses/user, people search, locks).
CREATE INDEX expense_payers_user_date_idx ON expense_payers (user_id, expense_date DESC, expense_id DESC);

-- The same copy of the date as the splits' (0003's function reads NEW.expense_id only).
CREATE TRIGGER expense_payers_copy_date
  BEFORE INSERT OR UPDATE ON expense_payers
  FOR EACH ROW EXECUTE FUNCTION expense_splits_copy_date();

CREATE FUNCTION expenses_date_to_payers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE expense_payers SET expense_date = NEW.date WHERE expense_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER expenses_date_to_payers
  AFTER UPDATE OF date ON expenses
  FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date) EXECUTE FUNCTION expenses_date_to_payers();

-- A cent must never appear or vanish on the payers' side either: checked at COMMIT (like 0001's
-- check_expense_split_totals), so an expense and its payer rows are written in one transaction in any order.
CREATE FUNCTION check_expense_payer_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
  total bigint;
  paid bigint;
BEGIN
  IF TG_TABLE_NAME = 'expenses' THEN
    target := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.expense_id;
  ELSE
    target := NEW.expense_id;
  END IF;
  SELECT amount_minor INTO total FROM expenses WHERE id = target;
  IF NOT FOUND THEN
    RETURN NULL; -- the expense itself was deleted
  END IF;
  SELECT COALESCE(sum(amount_minor), 0) INTO paid FROM expense_payers WHERE expense_id = target;
  IF paid <> total THEN
    RAISE EXCEPTION 'expense % payments add up to % but its amount is %', target, paid, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;

-- Every expense written before this migration: its payer paid all of it.
INSERT INTO expense_payers (expense_id, user_id, amount_minor, expense_date)
SELECT id, paid_by, amount_minor, date FROM expenses;

CREATE CONSTRAINT TRIGGER expenses_payer_totals
  AFTER INSERT OR UPDATE OF amount_minor ON expenses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_expense_payer_totals();
CREATE CONSTRAINT TRIGGER expense_payers_totals
  AFTER INSERT OR UPDATE OR DELETE ON expense_payers
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_expense_payer_totals();
