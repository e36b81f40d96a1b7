import type { GroupRow } from './repo';

/** Not settings: who and when, and the version counter. Every other column of the group row is one. */
const NOT_SETTINGS = new Set(['id', 'created_by', 'version', 'created_at', 'updated_at']);

/**
 * A group's settings as its history compares them: every column of its row but the bookkeeping ones, so a
 * field added to the group later (a name or description edit) is recorded without touching the history.
 */
export function settingsOf(group: GroupRow): Record<string, unknown> {
  return Object.fromEntries(Object.entries(group).filter(([key]) => !NOT_SETTINGS.has(key)));
}
