import { type LiveEvent, sseParser } from './sse';

/** Waits before reconnecting: 1 s, 2 s, 4 s ... at most 30 s, with jitter; back to 1 s once a stream opened. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
  return Math.round(base * (0.75 + random() * 0.5));
}

export interface LiveHandlers {
  onEvent(event: LiveEvent): void;
  /** A stream opened again after it had been lost: what the screen shows may be older than what was missed. */
  onReconnect(): void;
  /** The server refused the token (401): the session handles it; the stream stops. */
  onUnauthorized?(): void;
}

/**
 * One stream of GET /api/events, read with fetch (so it can send the bearer token, which EventSource cannot),
 * reconnecting with backoff and catching up from the last id read (Last-Event-ID). `stop()` ends it.
 */
export function connectLive(
  token: string,
  handlers: LiveHandlers,
  fetcher: typeof fetch = fetch,
): () => void {
  const controller = new AbortController();
  let lastId: string | null = null;
  let attempt = 0;
  let opened = false;

  const wait = (ms: number) =>
    new Promise<void>((done) => {
      const timer = setTimeout(done, ms);
      controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        done();
      });
    });

  const run = async () => {
    while (!controller.signal.aborted) {
      let retryAfter: number | null = null;
      try {
        const headers: Record<string, string> = {
          authorization: `Bearer ${token}`, // i18n-ignore: an HTTP header
          accept: 'text/event-stream',
        };
        if (lastId !== null) headers['last-event-id'] = lastId;
        const response = await fetcher('/api/events', {
          headers,
          signal: controller.signal,
          cache: 'no-store',
        });
        if (response.status === 401) {
          handlers.onUnauthorized?.();
          return;
        }
        if (response.ok && response.body) {
          // Without an id to catch up from, what changed while it was lost is unknown: read it again.
          if (opened && lastId === null) handlers.onReconnect();
          opened = true;
          attempt = 0;
          const parse = sseParser();
          const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            for (const event of parse(value)) {
              lastId = event.id;
              handlers.onEvent(event);
            }
          }
        } else {
          const seconds = Number(response.headers.get('retry-after'));
          if (Number.isFinite(seconds) && seconds > 0) retryAfter = seconds * 1000;
        }
      } catch {
        // Offline, or the connection dropped: try again after a while.
      }
      if (controller.signal.aborted) return;
      await wait(retryAfter ?? backoffMs(attempt++));
    }
  };
  void run();
  return () => controller.abort();
}
