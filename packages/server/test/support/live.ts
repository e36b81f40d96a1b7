import type { FastifyInstance } from 'fastify';

export interface LiveEvent {
  id: string;
  group_id: string;
  kind: string;
  entity_id: string | null;
  actor_id: string | null;
  at: string;
}

/** An open GET /events read as a browser would (fetch, bearer token): its events as they arrive. */
export interface LiveStream {
  status: number;
  contentType: string;
  events: LiveEvent[];
  /** Comment lines and `retry:` fields, as they came. */
  other: string[];
  /** The first event (after those already taken) that matches, within `ms`; else fails saying what came. */
  next(match: (e: LiveEvent) => boolean, ms?: number): Promise<LiveEvent>;
  /** Whether the stream ended (the server closed it). */
  ended: Promise<void>;
  close(): void;
}

export async function listenOn(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

export async function openStream(
  base: string,
  token: string | null,
  lastEventId?: string,
): Promise<LiveStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (lastEventId !== undefined) headers['last-event-id'] = lastEventId;
  const response = await fetch(`${base}/api/events`, { headers, signal: controller.signal });
  const events: LiveEvent[] = [];
  const other: string[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of waiters) w();
  };
  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6));
          if (data.length > 0) {
            const event = JSON.parse(data.join('\n')) as LiveEvent;
            const id = /^id: (.*)$/m.exec(block)?.[1];
            if (id !== event.id)
              throw new Error(`the id: line ${id} differs from the event's id ${event.id}`);
            events.push(event);
          } else other.push(block);
          cut = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      wake();
    }
  })();
  ended.catch(() => undefined);
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    events,
    other,
    ended,
    close: () => controller.abort(),
    async next(match, ms = 2_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const index = events.findIndex((e, i) => i >= taken && match(e));
        if (index >= 0) {
          taken = index + 1;
          return events[index] as LiveEvent;
        }
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(
            `no matching event within ${ms} ms; the stream had: ${JSON.stringify(events.slice(taken))}`,
          );
        await new Promise<void>((done) => {
          const timer = setTimeout(finish, left);
          function finish() {
            clearTimeout(timer);
            waiters.delete(finish);
            done();
          }
          waiters.add(finish);
        });
      }
    },
  };
}
