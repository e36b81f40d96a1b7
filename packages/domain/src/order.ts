// The one order of ids, currency codes and names wherever a result must not depend on the locale.

/** Compares strings by UTF-16 code unit (what `<` does): the same order on every machine and in every locale. */
export function byCodeUnit(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
