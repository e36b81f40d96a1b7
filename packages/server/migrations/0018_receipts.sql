-- Receipts attached to an expense (issue 24): photos (JPEG, PNG, WebP) and PDFs, at most 10 MB each and 5
-- per expense. What the lists show lives in expense_receipts; the bytes (the file as attached, and a WebP
-- thumbnail for images) in expense_receipt_files, one row each, so no list or count ever reads them and a
-- download reads exactly one. Both engines keep the bytes here, in the same transaction as the receipt's
-- row: an upload that fails leaves nothing, a removal leaves nothing (packages/server/README.md, Receipts).
-- Ids are time-ordered UUIDv7, so (expense_id, id) lists them oldest first. The count per expense is
-- checked by the server with the expense row locked, so concurrent uploads cannot make a sixth.
CREATE TABLE expense_receipts (
  id uuid PRIMARY KEY,
  expense_id uuid NOT NULL REFERENCES expenses (id) ON DELETE CASCADE,
  uploaded_by uuid NOT NULL REFERENCES users (id),
  content_type text NOT NULL
    CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp', 'application/pdf')),
  size integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
  filename text NOT NULL CHECK (char_length(filename) BETWEEN 1 AND 200),
  -- Pixels of the decoded image as it is shown (EXIF orientation applied); null for a PDF.
  width integer CHECK (width > 0),
  height integer CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT expense_receipts_dimensions
    CHECK ((content_type = 'application/pdf') = (width IS NULL) AND (width IS NULL) = (height IS NULL))
);
CREATE INDEX expense_receipts_expense_idx ON expense_receipts (expense_id, id);
CREATE INDEX expense_receipts_uploader_idx ON expense_receipts (uploaded_by);

CREATE TABLE expense_receipt_files (
  receipt_id uuid NOT NULL REFERENCES expense_receipts (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('original', 'thumbnail')),
  content bytea NOT NULL,
  PRIMARY KEY (receipt_id, kind)
);
-- Stored out of line and uncompressed: JPEG, PNG, WebP and PDF are compressed already, so PostgreSQL's
-- attempt to compress them again would cost CPU on every upload for nothing.
ALTER TABLE expense_receipt_files ALTER COLUMN content SET STORAGE EXTERNAL;
