-- Whether a file was imported is a question for the group it goes into (docs/import.md): the same file
-- imported into a new group is a copy, made as asked, not "already imported". So a file's record (0019)
-- is one per person, format, SHA-256 and target group, written once the group is known; the rows' own keys,
-- unique per group and read under the group's lock, are what make a second import into one group write
-- nothing twice.
ALTER TABLE imports DROP CONSTRAINT imports_user_id_format_digest_key;
CREATE UNIQUE INDEX imports_file_group_idx ON imports (user_id, format, digest, group_id);

-- A row's identity (its app, day, amount, currency, payers and description; docs/import.md) recognises it
-- when another export of the same app keys it otherwise: Spliit's CSV keys by content, its JSON by id.
ALTER TABLE expenses ADD COLUMN import_identity text
  CHECK (import_identity IS NULL OR char_length(import_identity) BETWEEN 1 AND 300);
ALTER TABLE settlements ADD COLUMN import_identity text
  CHECK (import_identity IS NULL OR char_length(import_identity) BETWEEN 1 AND 300);
