import { ANSWERS, withStore } from './idb';

// The last answer of every GET the signed-in app made, kept on the device so a screen opened before can be
// read without a connection. Loaded with the first signed-in read (api.ts), never by the sign-in page.

interface StoredAnswer {
  /** The session, the method and the address: another person's answers are never served. */
  key: string;
  status: number;
  contentType: string;
  body: string;
  savedAt: number;
}

/** FNV-1a of the bearer token: the session's answers are found by it without storing the token twice. */
export function sessionOf(authorization: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < authorization.length; i++) {
    hash ^= authorization.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const keyOf = (request: Request) =>
  [sessionOf(request.headers.get('Authorization') ?? ''), request.method, request.url].join('|');

type Listener = () => void;
const listeners = new Set<Listener>();
let shownSince: number | null = null;

/** When the oldest answer shown from the device since the connection failed was saved; null when online. */
export const offlineSince = (): number | null => shownSince;

export function subscribeOffline(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setShownSince(value: number | null): void {
  if (value === shownSince) return;
  shownSince = value;
  for (const listener of listeners) listener();
}

/**
 * An answer arrived: the server is reachable, and a successful answer is kept for the next time it is not.
 * `token` is the stored session's token now (api.ts passes it: this module imports nothing of the entry's).
 */
export async function keep(request: Request, response: Response, token: () => string | null): Promise<void> {
  setShownSince(null);
  // An answer that arrives after its session ended (signed out meanwhile) is not kept.
  if (!response.ok || request.headers.get('Authorization') !== `Bearer ${token()}`) return;
  const answer: StoredAnswer = {
    key: keyOf(request),
    status: response.status,
    contentType: response.headers.get('content-type') ?? 'application/json',
    body: await response.text(),
    savedAt: Date.now(),
  };
  await withStore(ANSWERS, 'readwrite', (store) => store.put(answer), undefined);
}

/**
 * No answer came (offline, the server down): the last answer kept for this request, marked as shown from
 * the device; else the failure as it was. An aborted request stays aborted.
 */
export async function answerOffline(request: Request, error: unknown): Promise<Response> {
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  const answer = await withStore<StoredAnswer | undefined>(
    ANSWERS,
    'readonly',
    (store) => store.get(keyOf(request)),
    undefined,
  );
  if (!answer) throw error;
  setShownSince(Math.min(shownSince ?? answer.savedAt, answer.savedAt));
  return new Response(answer.body, {
    status: answer.status,
    headers: { 'content-type': answer.contentType },
  });
}

/** Signed out: nothing of the session stays on the device. */
export async function clearAnswers(): Promise<void> {
  setShownSince(null);
  await withStore(ANSWERS, 'readwrite', (store) => store.clear(), undefined);
}

/**
 * A signed-in GET (api.ts): its JSON answer kept when it succeeds (a receipt's picture or the live stream,
 * GET /events, never ending, is not), the kept one served when the network fails.
 */
export async function keptFetch(request: Request, token: () => string | null): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    return answerOffline(request, error);
  }
  if (response.headers.get('content-type')?.includes('json')) void keep(request, response.clone(), token);
  return response;
}
