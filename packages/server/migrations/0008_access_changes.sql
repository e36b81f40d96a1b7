-- Every server process keeps the answers of its access check (src/auth/access-cache.ts) only until it hears
-- that something they were read from changed. The database says so itself, whichever code or SQL wrote: at
-- commit, one notification on the channel `kitty_changes` per scope whose version changed (migration 0007:
-- any write to a group, its members, expenses or balances), and one per person whose row changed ('user:'
-- and their id), since the check reads that row (token_version, registered) whole. PostgreSQL delivers a
-- notification to every listening connection once the transaction has committed, and to the committing
-- connection before its COMMIT returns.

CREATE FUNCTION note_version_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('kitty_changes', OLD.scope_id::text);
  ELSE
    PERFORM pg_notify('kitty_changes', NEW.scope_id::text);
  END IF;
  RETURN NULL;
END;
$$;

-- Every change of a version, drawn by migration 0007's triggers or written by hand. A transaction draws a
-- scope's version once, so this sends one notification per scope it wrote.
CREATE TRIGGER scope_versions_access_change AFTER INSERT OR UPDATE OR DELETE ON scope_versions
  FOR EACH ROW EXECUTE FUNCTION note_version_change();

CREATE FUNCTION note_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('kitty_changes', 'user:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('kitty_changes', 'user:' || NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_access_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION note_user_change();

-- TRUNCATE fires no row trigger: whatever a truncated table held, every kept answer is dropped.
CREATE FUNCTION note_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kitty_changes', 'ffffffff-ffff-ffff-ffff-ffffffffffff');
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_access_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION note_truncate();
CREATE TRIGGER groups_access_truncate AFTER TRUNCATE ON groups
  FOR EACH STATEMENT EXECUTE FUNCTION note_truncate();
CREATE TRIGGER group_members_access_truncate AFTER TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION note_truncate();
CREATE TRIGGER member_balances_access_truncate AFTER TRUNCATE ON member_balances
  FOR EACH STATEMENT EXECUTE FUNCTION note_truncate();
CREATE TRIGGER scope_versions_access_truncate AFTER TRUNCATE ON scope_versions
  FOR EACH STATEMENT EXECUTE FUNCTION note_truncate();
