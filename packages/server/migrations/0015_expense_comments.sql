-- Comments on an expense (issue 23). Whoever can see the expense reads them; its author deletes one
-- (a hard delete: a deleted comment is gone). The expense's answer counts them (`comment_count`) with one
-- probe of expense_comments_expense_idx per expense; a comment never changes the expense or its version.
-- Ids are time-ordered UUIDv7 made by the server, so (expense_id, id) is the order they were written:
-- the list pages on it, oldest first.
CREATE TABLE expense_comments (
  id uuid PRIMARY KEY,
  expense_id uuid NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
  author_id uuid NOT NULL REFERENCES users (id),
  text text NOT NULL CHECK (length(btrim(text)) > 0 AND char_length(text) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX expense_comments_expense_idx ON expense_comments (expense_id, id);
CREATE INDEX expense_comments_author_idx ON expense_comments (author_id);
