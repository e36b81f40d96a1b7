import { type Catalog, messages } from './messages';

/**
 * Words the domain writes in English (its message constants, e.g. DESCRIPTION_REQUIRED) in the active
 * language: a catalog that holds each of them verbatim as a plain message translates them; anything else
 * (a server's message) is shown as it came.
 */
export function domainWords<C extends Catalog>(catalog: C): (english: string) => string {
  const t = messages(catalog);
  const keys = new Map<string, string>();
  for (const [key, message] of Object.entries(catalog))
    if (typeof message === 'string') keys.set(message, key);
  return (english) => {
    const key = keys.get(english);
    return key === undefined ? english : t(key as keyof C & string);
  };
}
