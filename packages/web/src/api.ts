import { createApiClient, TOKEN_KEY } from '@kitty/api';
// The server's refusals in the app's language (by code) from the first call on.
import './flows/failureWords';
import { browserStorage } from './flows/storage';

let unauthorizedHandler: () => void = () => {};

/**
 * Who hears about a 401 (the client has already cleared the stored token). The AuthProvider registers
 * itself here: it ends the session, and the route guard then sends the person to /login.
 * Returns the unregister function.
 */
export function setUnauthorizedHandler(handler: () => void): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = () => {};
  };
}

// The signed-in app's reads are kept on the device and answer when the network fails (src/offline/answers.ts,
// loaded only once a read has been answered or has failed: nothing more for the sign-in page to download).
const answers = () => import('./offline/answers');
async function keptFetch(request: Request): Promise<Response> {
  const kept = request.method === 'GET' && request.headers.has('Authorization');
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (!kept) throw error;
    return (await answers()).answerOffline(request, error);
  }
  // JSON only: a receipt's picture or the live stream (GET /events, never ending) is not kept.
  if (kept && response.headers.get('content-type')?.includes('json')) {
    const copy = response.clone();
    void answers().then((m) => m.keep(request, copy, () => browserStorage.getItem(TOKEN_KEY)));
  }
  return response;
}

/** The one API client of the app: base path /api, bearer token from localStorage `token`. */
export const api = createApiClient({
  baseUrl: '/api',
  fetch: keptFetch,
  storage: browserStorage,
  onUnauthorized: () => unauthorizedHandler(),
});
