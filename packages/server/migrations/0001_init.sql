-- Kitty's whole initial schema. Never edit this file once landed: add 0002_... instead.
-- Money is integer minor units (bigint); a currency is an ISO 4217 code in capitals.
-- Runs on PostgreSQL 15 and on PGlite: gen_random_uuid() and plpgsql exist on both.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 254),
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  -- Shown everywhere a person is named ("Ahoj {display_name}!"); registration sets it to first_name.
  display_name text NOT NULL DEFAULT '',
  -- false: a person invited by e-mail who has not created an account yet (no password).
  registered boolean NOT NULL DEFAULT false,
  password_hash text,
  -- Part of every sign-in token: bumping it (password change) ends every older token.
  token_version integer NOT NULL DEFAULT 0,
  currency char(3) NOT NULL DEFAULT 'EUR' CHECK (currency ~ '^[A-Z]{3}$'),
  default_split text NOT NULL DEFAULT 'equal'
    CHECK (default_split IN ('equal', 'percentage', 'shares', 'exact', 'adjustment')),
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_password_iff_registered CHECK (registered = (password_hash IS NOT NULL))
);
-- E-mail addresses are unique whatever their case; lookups use lower(email).
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE INDEX users_invited_by_idx ON users (invited_by);

CREATE TABLE groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(btrim(name)) > 0 AND length(name) <= 100),
  description text NOT NULL DEFAULT '',
  currency char(3) NOT NULL DEFAULT 'USD' CHECK (currency ~ '^[A-Z]{3}$'),
  created_by uuid NOT NULL REFERENCES users (id),
  default_split_type text NOT NULL DEFAULT 'equal'
    CHECK (default_split_type IN ('equal', 'percentage', 'shares', 'exact', 'adjustment')),
  default_split_config jsonb,
  -- Optimistic concurrency: an update names the version it read; a stale one is a 409.
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX groups_created_by_idx ON groups (created_by);

CREATE TABLE group_members (
  group_id uuid NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id),
  joined_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
-- "My groups": members by user.
CREATE INDEX group_members_user_idx ON group_members (user_id, group_id);

CREATE TABLE expenses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- null: a personal expense outside any group. Money rows are never cascaded away with a group.
  group_id uuid REFERENCES groups (id),
  description text NOT NULL CHECK (length(btrim(description)) > 0 AND length(description) <= 255),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  category text NOT NULL DEFAULT 'groceries',
  -- When it happened (shown with its time); created_at is when it was recorded.
  date timestamptz NOT NULL DEFAULT now(),
  notes text NOT NULL DEFAULT '',
  paid_by uuid NOT NULL REFERENCES users (id),
  split_type text NOT NULL CHECK (split_type IN ('equal', 'percentage', 'shares', 'exact', 'adjustment')),
  -- What the person entered (percentages, shares, amounts or adjustments keyed by user id).
  split_details jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_settled boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_by uuid NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
-- A group's expenses, newest first (keyset pagination on date, id).
CREATE INDEX expenses_group_date_idx ON expenses (group_id, date DESC, id DESC) WHERE deleted_at IS NULL;
-- A person's expenses: what they paid (what they share is found through expense_splits).
CREATE INDEX expenses_paid_by_date_idx ON expenses (paid_by, date DESC, id DESC) WHERE deleted_at IS NULL;
CREATE INDEX expenses_created_by_idx ON expenses (created_by);

CREATE TABLE expense_splits (
  expense_id uuid NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id),
  -- What this person owes of the expense. The splits of an expense add up exactly to its amount.
  amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
  -- What this person paid of it: 0 on every row when expenses.paid_by paid everything; otherwise the
  -- rows add up exactly to the amount (several payers).
  paid_minor bigint NOT NULL DEFAULT 0 CHECK (paid_minor >= 0),
  percentage numeric CHECK (percentage >= 0 AND percentage <= 100),
  shares integer CHECK (shares >= 0),
  -- Equal with adjustments: added to (or, negative, taken from) this person's equal share.
  adjustment_minor bigint,
  PRIMARY KEY (expense_id, user_id)
);
-- "What I share": splits by user.
CREATE INDEX expense_splits_user_idx ON expense_splits (user_id, expense_id);

-- A cent must never appear or vanish: checked at COMMIT, so an expense and its splits are written in
-- one transaction in any order.
CREATE FUNCTION check_expense_split_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
  total bigint;
  owed bigint;
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
  SELECT COALESCE(sum(amount_minor), 0), COALESCE(sum(paid_minor), 0) INTO owed, paid
    FROM expense_splits WHERE expense_id = target;
  IF owed <> total THEN
    RAISE EXCEPTION 'expense % splits add up to % but its amount is %', target, owed, total
      USING ERRCODE = 'check_violation';
  END IF;
  IF paid <> 0 AND paid <> total THEN
    RAISE EXCEPTION 'expense % payments add up to % but its amount is %', target, paid, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER expenses_split_totals
  AFTER INSERT OR UPDATE OF amount_minor ON expenses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_expense_split_totals();
CREATE CONSTRAINT TRIGGER expense_splits_totals
  AFTER INSERT OR UPDATE OR DELETE ON expense_splits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_expense_split_totals();

CREATE TABLE settlements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- null: settles debts from personal expenses outside any group.
  group_id uuid REFERENCES groups (id),
  from_user_id uuid NOT NULL REFERENCES users (id),
  to_user_id uuid NOT NULL REFERENCES users (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  description text NOT NULL DEFAULT '',
  created_by uuid NOT NULL REFERENCES users (id),
  settlement_date timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  -- The receipt number shown to people.
  transaction_id text NOT NULL UNIQUE CHECK (length(transaction_id) BETWEEN 1 AND 64),
  CONSTRAINT settlements_between_two_people CHECK (from_user_id <> to_user_id)
);
-- A group's settlements, newest first.
CREATE INDEX settlements_group_date_idx ON settlements (group_id, settlement_date DESC, id DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX settlements_from_user_idx ON settlements (from_user_id, settlement_date DESC);
CREATE INDEX settlements_to_user_idx ON settlements (to_user_id, settlement_date DESC);

-- The audit trail of a settlement: who did what and when (created, then any later change).
CREATE TABLE settlement_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  settlement_id uuid NOT NULL REFERENCES settlements (id),
  action text NOT NULL CHECK (action IN ('created', 'updated', 'deleted')),
  actor_id uuid NOT NULL REFERENCES users (id),
  -- What changed: for example { "amount_minor": [1000, 1200] }.
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX settlement_events_settlement_idx ON settlement_events (settlement_id, created_at);

-- An invitation e-mail to a person who is not registered yet (users.registered = false).
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text NOT NULL,
  invited_by uuid NOT NULL REFERENCES users (id),
  group_id uuid REFERENCES groups (id) ON DELETE SET NULL,
  -- SHA-256 of the token in the invitation link; the token itself is never stored.
  token_hash text UNIQUE,
  sent_at timestamptz,
  accepted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitations_user_idx ON invitations (user_id);
CREATE INDEX invitations_email_idx ON invitations (lower(email));

-- Replays of a write with the same Idempotency-Key answer the first response instead of writing twice.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
  method text NOT NULL,
  path text NOT NULL,
  -- SHA-256 of the request body: the same key with another body is a 422.
  request_hash text NOT NULL,
  response_status integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
