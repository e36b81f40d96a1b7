-- Imports (issue 25): POST /imports writes another app's export (or Kitty's own) into a group. Every
-- imported row remembers where it came from (`import_key`: the source's id, or a digest of the row and its
-- ordinal among identical rows), unique within its group, so importing the same file again writes nothing
-- twice: a row whose key the group already holds is counted as already imported and skipped.
ALTER TABLE expenses ADD COLUMN import_key text CHECK (import_key IS NULL OR char_length(import_key) BETWEEN 1 AND 300);
CREATE UNIQUE INDEX expenses_import_key_idx ON expenses (group_id, import_key) WHERE import_key IS NOT NULL;

ALTER TABLE settlements ADD COLUMN import_key text CHECK (import_key IS NULL OR char_length(import_key) BETWEEN 1 AND 300);
CREATE UNIQUE INDEX settlements_import_key_idx ON settlements (group_id, import_key) WHERE import_key IS NOT NULL;

-- Kitty's own export carries its recurring expenses: a rule imported twice is one rule.
ALTER TABLE recurring_expenses ADD COLUMN import_key text CHECK (import_key IS NULL OR char_length(import_key) BETWEEN 1 AND 300);
CREATE UNIQUE INDEX recurring_expenses_import_key_idx ON recurring_expenses (group_id, import_key)
  WHERE import_key IS NOT NULL;

-- One row per file a person imported (the content's SHA-256 in its format): the same file imported again
-- without a group answers the group the first import made. The row is written first in the import's
-- transaction, so a second identical import running at the same moment waits on this unique key until the
-- first commits, then finds it. A deleted group leaves the row without its group (the next import makes a
-- new one).
CREATE TABLE imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id),
  group_id uuid REFERENCES groups (id) ON DELETE SET NULL,
  format text NOT NULL,
  digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$'),
  rows integer NOT NULL DEFAULT 0 CHECK (rows >= 0),
  expenses integer NOT NULL DEFAULT 0 CHECK (expenses >= 0),
  settlements integer NOT NULL DEFAULT 0 CHECK (settlements >= 0),
  already_imported integer NOT NULL DEFAULT 0 CHECK (already_imported >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, format, digest)
);
CREATE INDEX imports_group_idx ON imports (group_id);
