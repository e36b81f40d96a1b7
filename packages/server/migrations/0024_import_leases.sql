-- One import at a time per account, whatever the number of server processes (src/imports/README.md):
-- POST /imports claims its account's row before it reads the file and deletes it when it answers. The claim
-- is one INSERT ... ON CONFLICT, committed at once: nothing stays locked while the file is read or written.
-- A process that dies mid-import leaves its row behind; it is free again once `expires_at` has passed
-- (a running import pushes it forward while it runs).
CREATE TABLE import_leases (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  holder uuid NOT NULL,
  expires_at timestamptz NOT NULL
);
