-- Recurring expenses (issue 24). A rule holds what each occurrence records (`template`: the expense input
-- as validated, domain units) and its schedule; the occurrences are ordinary expenses carrying
-- recurring_expense_id and the calendar day they are for. The unique index on (recurring_expense_id,
-- occurrence_date) is what makes each occurrence exactly once: whichever process or transaction creates a
-- day first wins, any other insert of that day conflicts and is skipped, across processes and restarts,
-- on PostgreSQL and PGlite alike. A deleted occurrence keeps its row (soft delete), so it is not made again.
CREATE TABLE recurring_expenses (
  id uuid PRIMARY KEY,
  group_id uuid NOT NULL REFERENCES groups (id),
  created_by uuid NOT NULL REFERENCES users (id),
  template jsonb NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('weekly', 'biweekly', 'monthly', 'yearly')),
  start_date date NOT NULL,
  end_date date CHECK (end_date IS NULL OR end_date >= start_date),
  occurrences_limit integer CHECK (occurrences_limit IS NULL OR occurrences_limit BETWEEN 1 AND 1000),
  time_zone text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'paused', 'stopped', 'finished')),
  paused_reason text CHECK (paused_reason IS NULL OR paused_reason = 'member_left'),
  -- The next occurrence: its index counted from start_date (the domain's occurrenceDay), its day, and the
  -- moment that day begins in time_zone (due once now() reaches it). Null once stopped or finished.
  next_index integer NOT NULL DEFAULT 0 CHECK (next_index >= 0),
  next_date date,
  next_at timestamptz,
  occurrences_created integer NOT NULL DEFAULT 0 CHECK (occurrences_created >= 0),
  last_date date,
  version integer NOT NULL DEFAULT 1 CHECK (version > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The runner's one question: which active rules are due, soonest first.
CREATE INDEX recurring_expenses_due_idx ON recurring_expenses (next_at) WHERE status = 'active';
CREATE INDEX recurring_expenses_group_idx ON recurring_expenses (group_id);

ALTER TABLE expenses
  ADD COLUMN recurring_expense_id uuid REFERENCES recurring_expenses (id),
  ADD COLUMN occurrence_date date,
  ADD CONSTRAINT expenses_occurrence_pair CHECK ((recurring_expense_id IS NULL) = (occurrence_date IS NULL));
CREATE UNIQUE INDEX expenses_occurrence_idx ON expenses (recurring_expense_id, occurrence_date)
  WHERE recurring_expense_id IS NOT NULL;

-- The history tells what happens to a recurring expense: its kind joins the list 0016 checks.
ALTER TABLE group_events DROP CONSTRAINT group_events_kind_check;
ALTER TABLE group_events ADD CONSTRAINT group_events_kind_check CHECK (kind IN ('group_created',
  'expense_created', 'expense_edited', 'expense_deleted', 'settlement_recorded', 'member_joined', 'member_left',
  'member_removed', 'settings_changed', 'recurrence_changed'));
