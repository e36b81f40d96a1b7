import { createApiClient } from '@kitty/api';
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

/** The one API client of the app: base path /api, bearer token from localStorage `token`. */
export const api = createApiClient({
  baseUrl: '/api',
  storage: browserStorage,
  onUnauthorized: () => unauthorizedHandler(),
});
