import { Effect, Exit } from 'effect';
import { describe, expect, it, vi } from 'vitest';
import { call, callEffect } from './call';
import { type ApiErrorLog, createApiClient, TOKEN_KEY, type TokenStorage } from './client';
import { HttpError, NetworkError } from './errors';

const BASE = 'http://kitty.test/api';

function storageWith(token?: string): TokenStorage & { items: Map<string, string> } {
  const items = new Map<string, string>(token ? [[TOKEN_KEY, token]] : []);
  return { items, getItem: (k) => items.get(k) ?? null, removeItem: (k) => void items.delete(k) };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(answer: (request: Request) => Promise<Response> | Response, token?: string) {
  const requests: Request[] = [];
  const logs: ApiErrorLog[] = [];
  const storage = storageWith(token);
  const onUnauthorized = vi.fn();
  const api = createApiClient({
    baseUrl: BASE,
    storage,
    onUnauthorized,
    log: (_message, details) => logs.push(details),
    fetch: async (request) => {
      requests.push(request);
      return answer(request);
    },
  });
  return { api, requests, logs, storage, onUnauthorized };
}

const user = {
  id: 'u1',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  display_name: 'Ada',
  name: 'Ada',
  registered: true,
};

describe('createApiClient', () => {
  it('sends the stored token as a bearer header to the /api base path', async () => {
    const { api, requests } = setup(() => json(200, { data: user }), 'tok-123');
    const data = await call(api.GET('/users/profile'), 'Failed to fetch profile');
    expect(data.data.display_name).toBe('Ada');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(requests[0]?.url).toBe(`${BASE}/users/profile`);
  });

  it('sends no Authorization header when no token is stored', async () => {
    const { api, requests } = setup(() => json(200, { data: user }));
    await call(api.GET('/users/profile'), 'Failed to fetch profile');
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('reads the token at each request, so a login after creation is used', async () => {
    const { api, requests, storage } = setup(() => json(200, { data: user }));
    storage.items.set(TOKEN_KEY, 'later');
    await call(api.GET('/users/profile'), 'Failed to fetch profile');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer later');
  });

  it('on a 401 clears the stored token and calls onUnauthorized', async () => {
    const { api, storage, onUnauthorized } = setup(() => json(401, { message: 'Token expired' }), 'old');
    const failure = call(api.GET('/users/profile'), 'Failed to fetch profile');
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Token expired' });
    expect(storage.items.has(TOKEN_KEY)).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('keeps the token on other errors', async () => {
    const { api, storage, onUnauthorized } = setup(() => json(403, { message: 'No' }), 'tok');
    await expect(call(api.GET('/users/profile'), 'x')).rejects.toBeInstanceOf(HttpError);
    expect(storage.items.get(TOKEN_KEY)).toBe('tok');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('logs every API error with status, data, url and method', async () => {
    const body = { message: 'Invalid input', errors: [{ field: 'email', message: 'Email is invalid' }] };
    const { api, logs } = setup(() => json(400, body));
    const login = api.POST('/users/login', { body: { email: 'x', password: 'y' } });
    await expect(call(login, 'Login failed')).rejects.toMatchObject({ status: 400, data: body });
    expect(logs).toEqual([{ status: 400, data: body, url: `${BASE}/users/login`, method: 'POST' }]);
  });

  it('logs nothing for a successful call', async () => {
    const { api, logs } = setup(() => json(200, { data: user }));
    await call(api.GET('/users/profile'), 'x');
    expect(logs).toEqual([]);
  });
});

describe('call: normalised errors', () => {
  it('a network failure becomes status 0 "No response from server"', async () => {
    const { api, logs } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const failure = call(api.GET('/users/profile'), 'Failed to fetch profile');
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(failure).rejects.toMatchObject({
      status: 0,
      data: undefined,
      message: 'No response from server',
    });
    expect(logs).toEqual([{ status: 0, data: undefined, url: `${BASE}/users/profile`, method: 'GET' }]);
  });

  it("a server error keeps the status, the server's code and its message", async () => {
    const body = { code: 'VERSION_CONFLICT', message: 'This group changed meanwhile' };
    const { api } = setup(() => json(409, body));
    const failure = call(api.GET('/users/profile'), 'Failed to update group');
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      code: 'VERSION_CONFLICT',
      data: body,
      message: 'This group changed meanwhile',
    });
  });

  it('a server error without a message falls back to the default message', async () => {
    const { api } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const failure = call(api.GET('/users/profile'), 'Failed to fetch expense');
    await expect(failure).rejects.toMatchObject({
      status: 502,
      code: undefined,
      data: '<html>Bad gateway</html>',
      message: 'Failed to fetch expense',
    });
  });

  it('an empty server message also falls back to the default message', async () => {
    const { api } = setup(() => json(500, { message: '  ' }));
    await expect(call(api.GET('/users/profile'), 'Failed')).rejects.toMatchObject({ message: 'Failed' });
  });

  it('the default message may depend on the status', async () => {
    const { api } = setup(() => json(404, {}));
    const byStatus = ({ status }: { status: number | undefined }) =>
      status === 404 ? 'Expense not found' : 'Failed to delete expense';
    await expect(call(api.GET('/users/profile'), byStatus)).rejects.toMatchObject({
      status: 404,
      message: 'Expense not found',
    });
  });
});

describe('callEffect: tagged errors', () => {
  it('succeeds with the body', async () => {
    const { api } = setup(() => json(200, { data: user }));
    const data = await Effect.runPromise(callEffect((signal) => api.GET('/users/profile', { signal }), 'x'));
    expect(data.data.email).toBe('ada@example.com');
  });

  it('fails with HttpError carrying status, data and message', async () => {
    const { api } = setup(() => json(403, { message: 'Only the person who paid can delete this expense' }));
    const exit = await Effect.runPromiseExit(callEffect(() => api.GET('/users/profile'), 'x'));
    expect(Exit.isFailure(exit)).toBe(true);
    const recovered = await Effect.runPromise(
      callEffect(() => api.GET('/users/profile'), 'x').pipe(
        Effect.map(() => 'ok'),
        Effect.catchTag('HttpError', (e) => Effect.succeed(`${e.status} ${e.message}`)),
      ),
    );
    expect(recovered).toBe('403 Only the person who paid can delete this expense');
  });

  it('fails with NetworkError (status 0) when no response arrives', async () => {
    const { api } = setup(() => Promise.reject(new TypeError('fetch failed')));
    const recovered = await Effect.runPromise(
      callEffect(() => api.GET('/users/profile'), 'x').pipe(
        Effect.map(() => 'ok'),
        Effect.catchTag('NetworkError', (e) => Effect.succeed(`${e.status} ${e.message}`)),
      ),
    );
    expect(recovered).toBe('0 No response from server');
  });
});
