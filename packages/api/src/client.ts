import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { NetworkError, NO_RESPONSE_MESSAGE } from './errors';
import type { paths } from './schema';

/** The local-storage key of the session token (spec section 3). */
export const TOKEN_KEY = 'token';

/** The part of `Storage` the client needs; `localStorage` in the browser, a map in tests. */
export interface TokenStorage {
  getItem(key: string): string | null;
  removeItem(key: string): void;
}

export interface ApiClientOptions {
  /** Default `/api`. Outside a browser give an absolute URL (`http://host/api`). */
  baseUrl?: string;
  fetch?: (input: Request) => Promise<Response>;
  /** Where the token is read from and cleared on a 401; default `globalThis.localStorage`. */
  storage?: TokenStorage;
  /** Called after any 401 (token already cleared); default: go to /login unless already there. */
  onUnauthorized?: () => void;
  /** Where API errors are logged; default `console.error`. */
  log?: (message: string, details: ApiErrorLog) => void;
}

export interface ApiErrorLog {
  status: number;
  data: unknown;
  url: string;
  method: string;
}

export type ApiClient = Client<paths>;

function memoryStorage(): TokenStorage {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, removeItem: (key) => void items.delete(key) };
}

function defaultStorage(): TokenStorage {
  const storage = (globalThis as { localStorage?: TokenStorage }).localStorage;
  return storage ?? memoryStorage();
}

function goToLogin(): void {
  const location = (globalThis as { location?: Location }).location;
  if (location && location.pathname !== '/login') location.assign('/login');
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.clone().text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

/** The typed client of the Kitty API: bearer token, 401 handling and error logging built in. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const storage = options.storage ?? defaultStorage();
  const onUnauthorized = options.onUnauthorized ?? goToLogin;
  const log = options.log ?? ((message, details) => console.error(message, details));

  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '/api',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const middleware: Middleware = {
    onRequest({ request }) {
      const token = storage.getItem(TOKEN_KEY);
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    async onResponse({ request, response }) {
      if (response.ok) return;
      const data = await readBody(response);
      log('API error', { status: response.status, data, url: request.url, method: request.method });
      if (response.status === 401) {
        storage.removeItem(TOKEN_KEY);
        onUnauthorized();
      }
    },
    onError({ request, error }) {
      log('API error', { status: 0, data: undefined, url: request.url, method: request.method });
      return new NetworkError({ message: NO_RESPONSE_MESSAGE, cause: error });
    },
  };
  client.use(middleware);
  return client;
}
