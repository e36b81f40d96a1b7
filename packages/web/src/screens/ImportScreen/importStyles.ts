// The import screen's styles are the group dialogs' (lists, tables, facts, hints): the app's one stylesheet is
// inlined into index.html for every route, and its CSS budget (7 kB for /login too) had under 0.1 kB of room, so
// the screen adds no rule of its own (scripts/web-size.mjs). A plain module, not a .css.ts: a style file without
// a style of its own leaves an empty chunk the route's preload list would still name.
export {
  actions,
  details as facts,
  heading,
  hint,
  list,
  muted,
  row,
  stack,
  table,
  td,
  th,
  tightStack,
} from '../GroupScreen/dialogs.css';
