import { minimalTransfers, type Transfer } from '@kitty/domain';

/**
 * The domain's minimalTransfers, remembered for the last few balance states.
 *
 * A plan is a pure function of the balances (the domain guarantees the same plan whatever the key
 * order), and with 20 people the exact search costs ~20 ms of CPU on the one JavaScript thread. Between
 * two writes a group is read many times (the group page, Settle Up, Home), so the same plan would be
 * computed again each time. Keys are the balances themselves, never a group id, so a stale entry cannot
 * exist: a changed balance is a different key. Nothing here is shared state: each process fills its own
 * copy, and several processes on one database still answer identically.
 */
export const PLAN_CACHE_SIZE = 512;

/** Below this many nonzero balances the search is cheaper than building the key. */
const WORTH_CACHING = 8;

const cache = new Map<string, readonly Transfer[]>();

function keyOf(balances: Record<string, number>): { key: string; nonzero: number } {
  const ids = Object.keys(balances).sort();
  let key = '';
  let nonzero = 0;
  for (const id of ids) {
    const value = balances[id]!;
    if (value === 0) continue;
    nonzero++;
    // Ids are UUIDs and values integers: neither contains a space or a newline.
    key += `${id} ${value}\n`;
  }
  return { key, nonzero };
}

export function cachedMinimalTransfers(balances: Record<string, number>): Transfer[] {
  const { key, nonzero } = keyOf(balances);
  if (nonzero < WORTH_CACHING) return minimalTransfers(balances);
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: Map keeps insertion order, so the first key is the oldest.
    cache.delete(key);
    cache.set(key, hit);
    return hit.map((t) => ({ ...t }));
  }
  const plan = minimalTransfers(balances);
  cache.set(
    key,
    plan.map((t) => ({ ...t })),
  );
  if (cache.size > PLAN_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return plan;
}

/** For tests: how many plans are remembered. */
export function planCacheSize(): number {
  return cache.size;
}
