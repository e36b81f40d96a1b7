import type { GroupSummary } from '@kitty/api';
import { describe, expect, it } from 'vitest';
import { fetchAllGroups } from './allGroups';

const group = (id: string) => ({ id, name: id }) as unknown as GroupSummary;
const ok = (data: { groups: GroupSummary[]; nextCursor: string | null } | undefined) =>
  Promise.resolve({ data, error: undefined, response: new Response(null, { status: 200 }) });

describe('every group, a page at a time', () => {
  it('follows nextCursor until the server says the list has ended, losing and repeating nothing', async () => {
    const asked: { cursor?: string }[] = [];
    const pages: Record<string, { groups: GroupSummary[]; nextCursor: string | null }> = {
      first: { groups: [group('a'), group('b')], nextCursor: 'c1' },
      c1: { groups: [group('c'), group('d')], nextCursor: 'c2' },
      c2: { groups: [group('e')], nextCursor: null },
    };
    const { groups } = await fetchAllGroups(undefined, (query) => {
      asked.push(query);
      return ok(pages[query.cursor ?? 'first']);
    });
    expect(groups.map((g) => g.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(asked).toEqual([{}, { cursor: 'c1' }, { cursor: 'c2' }]);
  });

  it("a failed page fails the whole list with the group actions' message", async () => {
    const failing = () =>
      Promise.resolve({
        data: undefined,
        error: {},
        response: new Response(null, { status: 500 }),
      });
    await expect(fetchAllGroups(undefined, failing)).rejects.toMatchObject({
      status: 500,
      message: 'Failed to fetch groups',
    });
  });

  it('stops after 100 pages from a server that never ends its list', async () => {
    let calls = 0;
    const endless = () => {
      calls++;
      return ok({ groups: [group(`g${calls}`)], nextCursor: 'again' });
    };
    const { groups } = await fetchAllGroups(undefined, endless);
    expect(calls).toBe(100);
    expect(groups).toHaveLength(100);
  });
});
