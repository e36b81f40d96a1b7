import { Effect, Exit } from 'effect';
import { describe, expect, it, vi } from 'vitest';
import { call, callEffect } from './call';
import { type ApiErrorLog, createApiClient, TOKEN_KEY, type TokenStorage } from './client';
import { HttpError, NetworkError } from './errors';
import { multipartBody } from './multipart';

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

describe('files: multipart bodies and binary answers', () => {
  const receipt = {
    id: 'r1',
    expense_id: 'e1',
    content_type: 'image/png',
    size: 4,
    filename: 'lunch.png',
    has_thumbnail: true,
    width: 1,
    height: 1,
    uploaded_by: { id: 'u1', name: 'Ada' },
    created_at: '2026-11-26T12:00:00.000Z',
  };

  it('sends a file as multipart/form-data with its boundary, its name and the token, never as JSON', async () => {
    const { api, requests } = setup(() => json(201, receipt), 'tok');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'lunch.png', { type: 'image/png' });
    const sent = await call(
      api.POST('/expenses/{id}/receipts', { params: { path: { id: 'e1' } }, ...multipartBody({ file }) }),
      'Failed to attach receipt',
    );
    expect(sent.filename).toBe('lunch.png');
    const request = requests[0]!;
    expect(request.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.headers.get('Authorization')).toBe('Bearer tok');
    const part = (await request.formData()).get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('lunch.png');
    expect(new Uint8Array(await (part as File).arrayBuffer())).toEqual(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    );
  });

  it("reads a file answer as a Blob with the server's type, and a refusal still by its code", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
    const { api, requests } = setup(
      (request) =>
        request.url.endsWith('/r1')
          ? new Response(bytes, { status: 200, headers: { 'Content-Type': 'application/pdf' } })
          : json(404, { code: 'NOT_FOUND', message: 'Receipt not found' }),
      'tok',
    );
    const blob = await call(
      api.GET('/expenses/{id}/receipts/{receiptId}', {
        params: { path: { id: 'e1', receiptId: 'r1' } },
        parseAs: 'blob',
      }),
      'Failed to open receipt',
    );
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok');
    const missing = api.GET('/expenses/{id}/receipts/{receiptId}/thumbnail', {
      params: { path: { id: 'e1', receiptId: 'r2' } },
      parseAs: 'blob',
    });
    await expect(call(missing, 'Failed to open receipt')).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
      message: 'Receipt not found',
    });
  });
});
