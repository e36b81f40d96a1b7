-- What a remembered answer was built from (src/views). Every committed transaction that writes a row a
-- read may show gives the row's scope a new random version: a group; PERSONAL (the all-zero uuid) for
-- expenses and settlements outside any group; EVERYONE (the all-f uuid) for what any answer may show
-- whatever the group: people's names and e-mail addresses, and the instance's settings. A server
-- process keeps serialized answers keyed by the versions it read and compares them with this table on
-- every request (in the same query as the token check), so an answer is reused only while nothing it was
-- built from has changed, on whichever process the change was made, by whatever code or SQL made it.
CREATE TABLE scope_versions (
  scope_id uuid PRIMARY KEY,
  -- Random rather than a counter or a transaction id: a database restored from a backup, or a replica
  -- promoted after losing transactions, can never give an old value a new meaning.
  version uuid NOT NULL,
  -- The transaction that drew `version`: its later rows of the same scope leave it alone.
  drawn_by bigint NOT NULL
);

CREATE FUNCTION draw_scope_version(scope uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF scope IS NULL THEN
    RETURN;
  END IF;
  IF EXISTS (SELECT 1 FROM scope_versions WHERE scope_id = scope AND drawn_by = txid_current()) THEN
    RETURN;
  END IF;
  IF scope NOT IN ('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff')
     AND NOT EXISTS (SELECT 1 FROM groups WHERE id = scope) THEN
    -- A group deleted by this transaction: nothing can be read of it any more.
    DELETE FROM scope_versions WHERE scope_id = scope;
    RETURN;
  END IF;
  INSERT INTO scope_versions (scope_id, version, drawn_by) VALUES (scope, gen_random_uuid(), txid_current())
  ON CONFLICT (scope_id) DO UPDATE SET version = EXCLUDED.version, drawn_by = EXCLUDED.drawn_by;
END;
$$;

-- The scopes of the old and the new row (an expense moved to another group changes both).
CREATE FUNCTION note_scope_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  personal CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  everyone CONSTANT uuid := 'ffffffff-ffff-ffff-ffff-ffffffffffff';
BEGIN
  CASE TG_TABLE_NAME
    WHEN 'groups' THEN
      IF TG_OP <> 'INSERT' THEN PERFORM draw_scope_version(OLD.id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM draw_scope_version(NEW.id); END IF;
    WHEN 'group_members', 'expenses', 'settlements' THEN
      IF TG_OP <> 'INSERT' THEN PERFORM draw_scope_version(COALESCE(OLD.group_id, personal)); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM draw_scope_version(COALESCE(NEW.group_id, personal)); END IF;
    WHEN 'member_balances', 'pair_balances', 'scope_expense_stats', 'settle_plans' THEN
      IF TG_OP <> 'INSERT' THEN PERFORM draw_scope_version(OLD.scope_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM draw_scope_version(NEW.scope_id); END IF;
    WHEN 'expense_splits' THEN
      -- A split deleted with its expense: the expense's own row already drew its scope a version.
      PERFORM draw_scope_version(COALESCE(e.group_id, personal))
        FROM expenses e WHERE e.id IN (OLD.expense_id, NEW.expense_id);
    WHEN 'settlement_events' THEN
      PERFORM draw_scope_version(COALESCE(s.group_id, personal))
        FROM settlements s WHERE s.id IN (OLD.settlement_id, NEW.settlement_id);
    ELSE
      -- users (the columns a person is shown with) and app_settings.
      PERFORM draw_scope_version(everyone);
  END CASE;
  RETURN NULL;
END;
$$;

-- Deferred to COMMIT: the scope's version row is the last lock a transaction takes, after every lock its
-- statements took in their own order, so it adds no new way for two writers to deadlock.
CREATE CONSTRAINT TRIGGER groups_scope_version AFTER INSERT OR UPDATE OR DELETE ON groups
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER group_members_scope_version AFTER INSERT OR UPDATE OR DELETE ON group_members
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER expenses_scope_version AFTER INSERT OR UPDATE OR DELETE ON expenses
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER expense_splits_scope_version AFTER INSERT OR UPDATE OR DELETE ON expense_splits
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER settlements_scope_version AFTER INSERT OR UPDATE OR DELETE ON settlements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER settlement_events_scope_version AFTER INSERT OR UPDATE OR DELETE ON settlement_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER member_balances_scope_version AFTER INSERT OR UPDATE OR DELETE ON member_balances
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER pair_balances_scope_version AFTER INSERT OR UPDATE OR DELETE ON pair_balances
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER scope_expense_stats_scope_version AFTER INSERT OR UPDATE OR DELETE ON scope_expense_stats
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER settle_plans_scope_version AFTER INSERT OR UPDATE OR DELETE ON settle_plans
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER users_scope_version
  AFTER UPDATE OF email, first_name, last_name, display_name, registered, currency, default_split ON users
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.display_name IS DISTINCT FROM NEW.display_name
    OR OLD.registered IS DISTINCT FROM NEW.registered OR OLD.currency IS DISTINCT FROM NEW.currency
    OR OLD.default_split IS DISTINCT FROM NEW.default_split)
  EXECUTE FUNCTION note_scope_change();
CREATE CONSTRAINT TRIGGER app_settings_scope_version AFTER INSERT OR UPDATE OR DELETE ON app_settings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION note_scope_change();

INSERT INTO scope_versions (scope_id, version, drawn_by)
SELECT scope, gen_random_uuid(), txid_current()
  FROM (SELECT id AS scope FROM groups
        UNION ALL SELECT '00000000-0000-0000-0000-000000000000'::uuid
        UNION ALL SELECT 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid) AS scopes;
