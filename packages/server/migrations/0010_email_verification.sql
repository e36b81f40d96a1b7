-- E-mail addresses are proven with a link before an account claims what was addressed to them
-- (invitations, administrator rights); forgotten passwords are reset with a link.

-- Accounts registered before verification existed keep what they have: they count as verified.
ALTER TABLE users ADD COLUMN email_verified boolean NOT NULL DEFAULT false;
UPDATE users SET email_verified = true WHERE registered;

-- One row per link sent. Only the SHA-256 of the token is kept: the database alone cannot make a link.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify', 'reset')),
  -- The address the link went to: a link proves that address only.
  email text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_tokens_user_idx ON email_tokens (user_id, purpose);
