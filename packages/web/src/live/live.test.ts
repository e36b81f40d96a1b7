import { describe, expect, it, vi } from 'vitest';
import { ChangeMarks, HIGHLIGHT_MS, tagsOf } from './changes';
import { backoffMs, connectLive } from './connection';
import { type LiveEvent, sseParser } from './sse';

const event = (over: Partial<LiveEvent> = {}): LiveEvent => ({
  id: '7',
  group_id: 'g1',
  kind: 'expense_created',
  entity_id: 'e1',
  actor_id: 'u2',
  at: '2026-11-26T10:00:00.000Z',
  ...over,
});

const block = (e: LiveEvent) => `id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`;

describe('sseParser', () => {
  it('reads change events split anywhere across chunks, and skips comments, retry and other events', () => {
    const parse = sseParser();
    const text = `retry: 2000\n\n: keep-alive\n\n${block(event())}event: other\ndata: {}\n\n${block(event({ id: '8' }))}`;
    const cut = text.indexOf('data:') + 10;
    expect(parse(text.slice(0, cut))).toEqual([]);
    expect(parse(text.slice(cut)).map((e) => e.id)).toEqual(['7', '8']);
  });

  it('takes CRLF line ends and skips a broken event', () => {
    const parse = sseParser();
    expect(parse('event: change\r\ndata: {broken\r\n\r\n')).toEqual([]);
    expect(parse(block(event()).replace(/\n/g, '\r\n'))).toEqual([event()]);
  });
});

describe('tagsOf', () => {
  it("a group's change makes its detail, balances, settlements, recurring list and the lists stale", () => {
    expect(tagsOf(event())).toEqual(
      expect.arrayContaining([
        'group:g1',
        'balances:g1',
        'settlements:g1',
        'recurring:g1',
        'groups',
        'expenses',
      ]),
    );
    expect(tagsOf(event({ kind: 'comment_added' }))).toEqual(
      expect.arrayContaining(['expense:e1', 'comments:e1', 'receipts:e1']),
    );
    expect(tagsOf(event({ kind: 'resync', group_id: '' }))).toEqual(
      expect.arrayContaining(['groups', 'expenses', 'balances']),
    );
  });
});

describe('ChangeMarks', () => {
  it('marks an expense for a few seconds; a comment only matches the comment written at that commit', () => {
    vi.useFakeTimers();
    try {
      const marks = new ChangeMarks();
      const now = Date.now();
      marks.add(event(), now);
      expect(marks.isMarked('e1', now)).toBe(true);
      expect(marks.isMarked('e2', now)).toBe(false);
      expect(marks.isMarked('e1', now + HIGHLIGHT_MS + 1)).toBe(false);
      marks.add(event({ entity_id: 'e3', kind: 'comment_added', at: '2026-11-26T10:00:00.000Z' }), now);
      expect(marks.isMarked('e3', now)).toBe(false);
      expect(marks.isNewComment('e3', '2026-11-26T10:00:00.300Z', now)).toBe(true);
      expect(marks.isNewComment('e3', '2026-11-26T09:00:00.000Z', now)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('connectLive', () => {
  it('backs off from about 1 s up to 30 s', () => {
    expect(backoffMs(0, () => 0.5)).toBe(1_000);
    expect(backoffMs(3, () => 0.5)).toBe(8_000);
    expect(backoffMs(20, () => 0.5)).toBe(30_000);
    expect(backoffMs(0, () => 0)).toBe(750);
  });

  it('sends the token, reconnects after the stream ends and catches up from the last id read', async () => {
    const calls: Record<string, string>[] = [];
    const bodies = [block(event({ id: '41' })) + block(event({ id: '42' })), block(event({ id: '43' }))];
    const fetcher = vi.fn(async (_url: string, init: RequestInit) => {
      calls.push({ ...(init.headers as Record<string, string>) });
      const text = bodies.shift();
      if (text === undefined) return new Promise<Response>(() => {});
      return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const seen: string[] = [];
    vi.useFakeTimers();
    try {
      const stop = connectLive(
        'tok',
        { onEvent: (e) => seen.push(e.id), onReconnect: () => {} },
        fetcher as typeof fetch,
      );
      await vi.waitFor(() => expect(seen).toEqual(['41', '42']));
      await vi.advanceTimersByTimeAsync(1_500);
      await vi.waitFor(() => expect(seen).toEqual(['41', '42', '43']));
      stop();
    } finally {
      vi.useRealTimers();
    }
    expect(calls[0]).toMatchObject({ authorization: 'Bearer tok' });
    expect(calls[0]?.['last-event-id']).toBeUndefined();
    expect(calls[1]?.['last-event-id']).toBe('42');
  });

  it('stops on 401 and tells the session', async () => {
    const fetcher = vi.fn(async () => new Response('{}', { status: 401 }));
    const unauthorized = vi.fn();
    connectLive('tok', { onEvent: () => {}, onReconnect: () => {}, onUnauthorized: unauthorized }, fetcher);
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledTimes(1));
    await new Promise((done) => setTimeout(done, 50));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});
