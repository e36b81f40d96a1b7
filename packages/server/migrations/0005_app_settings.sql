-- Instance-wide settings an administrator changes at run time (PUT /config), one JSON value per key.
-- A missing key means the built-in default of @kitty/domain. Keys: 'expense_categories'
-- ({ "values": [...], "displayNames": { value: label } }).
CREATE TABLE app_settings (
  key text PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9_]*$'),
  value jsonb NOT NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
