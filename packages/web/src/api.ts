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

// The signed-in app's reads go through the answers kept on the device (src/offline/answers.ts: kept when they
// succeed, served when the network fails), a module loaded with the first such read: the sign-in page, whose
// requests carry no token, downloads none of it.
const keptFetch = (request: Request): Promise<Response> =>
  request.method === 'GET' && request.headers.has('Authorization')
    ? import('./offline/answers').then((m) => m.keptFetch(request, () => browserStorage.getItem(TOKEN_KEY)))
    : fetch(request);

/** The one API client of the app: base path /api, bearer token from localStorage `token`. */
export const api = createApiClient({
  baseUrl: '/api',
  fetch: keptFetch,
  storage: browserStorage,
  onUnauthorized: () => unauthorizedHandler(),
});
