-- A group's history (group_events, 0016) is append-only, and the database keeps it so, not only the code:
-- an UPDATE of a history row is refused, and so are a TRUNCATE and a DELETE while the row's group exists. A deleted group
-- still takes its history along: ON DELETE CASCADE from groups deletes the rows after the group row is
-- gone, which is the one way a history row can go. The server's SQL never updates or deletes group_events
-- (history-append-only.suite.ts reads it to make sure).
CREATE FUNCTION group_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Within the cascade of a group's deletion the group row is no longer visible here.
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM groups WHERE id = OLD.group_id) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'group history is append-only: % on group_events refused', TG_OP
    USING ERRCODE = 'restrict_violation',
          HINT = 'A history row goes only with its group (DELETE FROM groups).';
END
$$;

CREATE TRIGGER group_events_append_only BEFORE UPDATE OR DELETE ON group_events
  FOR EACH ROW EXECUTE FUNCTION group_events_append_only();

-- TRUNCATE fires no row trigger: a statement trigger refuses it (TRUNCATE groups CASCADE included).
CREATE TRIGGER group_events_no_truncate BEFORE TRUNCATE ON group_events
  FOR EACH STATEMENT EXECUTE FUNCTION group_events_append_only();
