/** Each route path of src/routes.tsx with the lazy modules (under src/, no extension) its first visit loads. */
export function readRouteModules(source: string): Map<string, string[]>;
