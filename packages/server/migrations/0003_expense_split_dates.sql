-- "My expenses" (paid or shared), newest first, read page by page without walking a person's whole
-- history: each split carries its expense's date so the splits-by-user index is in page order too.
-- Triggers keep the copy equal to expenses.date whoever writes, so no code path can let it drift.

ALTER TABLE expense_splits ADD COLUMN expense_date timestamptz;

UPDATE expense_splits s SET expense_date = e.date FROM expenses e WHERE e.id = s.expense_id;

ALTER TABLE expense_splits ALTER COLUMN expense_date SET NOT NULL;

-- The order in which the participants were listed, so an expense shows and edits them as entered.
ALTER TABLE expense_splits ADD COLUMN position integer NOT NULL DEFAULT 0 CHECK (position >= 0);

CREATE FUNCTION expense_splits_copy_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT date INTO NEW.expense_date FROM expenses WHERE id = NEW.expense_id;
  RETURN NEW;
END;
$$;

CREATE TRIGGER expense_splits_copy_date
  BEFORE INSERT OR UPDATE ON expense_splits
  FOR EACH ROW EXECUTE FUNCTION expense_splits_copy_date();

CREATE FUNCTION expenses_date_to_splits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE expense_splits SET expense_date = NEW.date WHERE expense_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER expenses_date_to_splits
  AFTER UPDATE OF date ON expenses
  FOR EACH ROW WHEN (OLD.date IS DISTINCT FROM NEW.date) EXECUTE FUNCTION expenses_date_to_splits();

-- Replaces expense_splits_user_idx (user_id, expense_id): same lookups, and in page order.
CREATE INDEX expense_splits_user_date_idx ON expense_splits (user_id, expense_date DESC, expense_id DESC);
DROP INDEX expense_splits_user_idx;
