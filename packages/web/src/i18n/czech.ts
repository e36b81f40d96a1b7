import { installCzech } from './messages';

// Every Czech catalog, compiled, in one chunk that loads only when the app speaks Czech.
const modules = import.meta.glob<Record<string, never>>('./catalog/cs/*.json', {
  eager: true,
  import: 'default',
});

export const czechCatalogs = Object.fromEntries(
  Object.entries(modules).map(([path, catalog]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), catalog]),
);

installCzech(czechCatalogs);
