-- Consent outside groups, for good: a person (blocker) may block someone (blocked) from naming them in
-- personal expenses and settlements. Read on every personal create or edit by (blocker, blocked), the
-- primary key; listed by blocker, its prefix. Groups never read it: membership is the consent.
CREATE TABLE person_blocks (
  blocker_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  blocked_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_id, blocked_id),
  CONSTRAINT person_blocks_not_oneself CHECK (blocker_id <> blocked_id)
);
