import { describe, expect, it } from 'vitest';
import type { Access, AccessQuestion } from './access';
import { EVERYONE_SCOPE } from './access';
import { ACCESS_CACHE_ENTRIES, ACCESS_CACHE_TTL_MS, AccessCache } from './access-cache';

const ANA = '11111111-1111-4111-8111-111111111111';
const BEN = '22222222-2222-4222-8222-222222222222';
const TRIP = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const FLAT = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const answer = (version: string | null): Access => ({ user: null, version });

/** A cache that hears, with a clock the test moves. */
function hearingCache() {
  const clock = { now: 0 };
  const cache = new AccessCache(() => clock.now);
  cache.hearing(true);
  /** Asks as the access check does: stamp first, then keep what the database answered. */
  const keep = (question: AccessQuestion, access: Access) =>
    cache.put(question, cache.stamp(question), access);
  return { cache, clock, keep };
}

describe('AccessCache: an answer is given again only while no change to what it was read from was heard', () => {
  it('gives a kept answer again for the same question, and nothing for another', () => {
    const { cache, keep } = hearingCache();
    keep({ userId: ANA, groupId: TRIP }, answer('v1'));
    expect(cache.get({ userId: ANA, groupId: TRIP })).toEqual(answer('v1'));
    expect(cache.get({ userId: ANA, groupId: FLAT })).toBeUndefined();
    expect(cache.get({ userId: BEN, groupId: TRIP })).toBeUndefined();
    expect(cache.get({ userId: ANA, groupId: TRIP, person: true })).toBeUndefined();
  });

  it('a change of the person drops their answers only', () => {
    const { cache, keep } = hearingCache();
    keep({ userId: ANA }, answer(null));
    keep({ userId: ANA, groupId: TRIP }, answer('v1'));
    keep({ userId: BEN, groupId: TRIP }, answer('v1'));
    cache.change(`user:${ANA}`);
    expect(cache.get({ userId: ANA })).toBeUndefined();
    expect(cache.get({ userId: ANA, groupId: TRIP })).toBeUndefined();
    expect(cache.get({ userId: BEN, groupId: TRIP })).toEqual(answer('v1'));
  });

  it("a change of a group drops that group's answers and every balance summary, not other groups'", () => {
    const { cache, keep } = hearingCache();
    keep({ userId: ANA, groupId: TRIP }, answer('v1'));
    keep({ userId: ANA, groupId: FLAT }, answer('v2'));
    keep({ userId: BEN, person: true }, answer('summary'));
    keep({ userId: BEN }, answer(null));
    cache.change(TRIP);
    expect(cache.get({ userId: ANA, groupId: TRIP })).toBeUndefined();
    expect(cache.get({ userId: BEN, person: true })).toBeUndefined();
    expect(cache.get({ userId: ANA, groupId: FLAT })).toEqual(answer('v2'));
    expect(cache.get({ userId: BEN })).toEqual(answer(null));
  });

  it("a change of EVERYONE's version drops everything", () => {
    const { cache, keep } = hearingCache();
    keep({ userId: ANA }, answer(null));
    keep({ userId: BEN, groupId: FLAT }, answer('v2'));
    cache.change(EVERYONE_SCOPE);
    expect(cache.get({ userId: ANA })).toBeUndefined();
    expect(cache.get({ userId: BEN, groupId: FLAT })).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('an answer whose question was on its way to the database when a change was heard is never kept', () => {
    const { cache } = hearingCache();
    const question = { userId: ANA, groupId: TRIP };
    const stamp = cache.stamp(question);
    cache.change(TRIP); // committed after the database read, heard before its answer came back
    cache.put(question, stamp, answer('old'));
    expect(cache.get(question)).toBeUndefined();

    const person = { userId: BEN, person: true };
    const personStamp = cache.stamp(person);
    cache.change(FLAT);
    cache.put(person, personStamp, answer('old summary'));
    expect(cache.get(person)).toBeUndefined();

    const user = { userId: ANA };
    const userStamp = cache.stamp(user);
    cache.change(`user:${ANA}`);
    cache.put(user, userStamp, answer(null));
    expect(cache.get(user)).toBeUndefined();
  });

  it('nothing is kept or given while the changes are not heard, and nothing kept before survives it', () => {
    const { cache, keep } = hearingCache();
    keep({ userId: ANA, groupId: TRIP }, answer('v1'));
    const stamp = cache.stamp({ userId: BEN });
    cache.hearing(false);
    expect(cache.get({ userId: ANA, groupId: TRIP })).toBeUndefined();
    expect(cache.stamp({ userId: ANA })).toBeNull();
    cache.put({ userId: ANA }, null, answer(null));
    expect(cache.get({ userId: ANA })).toBeUndefined();

    cache.hearing(true);
    // Asked before the feed was lost: whatever was committed meanwhile is unknown.
    cache.put({ userId: BEN }, stamp, answer(null));
    expect(cache.get({ userId: BEN })).toBeUndefined();
    expect(cache.get({ userId: ANA, groupId: TRIP })).toBeUndefined();
  });

  it(`an answer is asked again after ${ACCESS_CACHE_TTL_MS} ms even when no change was heard`, () => {
    const { cache, clock, keep } = hearingCache();
    keep({ userId: ANA }, answer(null));
    clock.now = ACCESS_CACHE_TTL_MS - 1;
    expect(cache.get({ userId: ANA })).toEqual(answer(null));
    clock.now = ACCESS_CACHE_TTL_MS;
    expect(cache.get({ userId: ANA })).toBeUndefined();
  });

  it(`keeps at most ${ACCESS_CACHE_ENTRIES} answers`, () => {
    const { cache, keep } = hearingCache();
    for (let i = 0; i <= ACCESS_CACHE_ENTRIES; i++) {
      keep({ userId: ANA, groupId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` }, answer(null));
    }
    expect(cache.size).toBeLessThanOrEqual(ACCESS_CACHE_ENTRIES);
    expect(cache.size).toBeGreaterThan(0);
  });
});
