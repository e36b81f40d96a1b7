-- The language a person gets their e-mails in (and the app, on any device where they sign in): the one they
-- chose in Account, else the one their browser last asked for (Accept-Language at registration and sign-in),
-- else English. Both are null until known; only the languages Kitty speaks are kept.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'cs'));
ALTER TABLE users ADD COLUMN browser_language text CHECK (browser_language IN ('en', 'cs'));
