import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from './call';
import { createApiClient, TOKEN_KEY } from './client';

// The browser defaults: localStorage for the token, and /login after a 401.
function browser(pathname: string, token: string | null) {
  const items = new Map<string, string>(token ? [[TOKEN_KEY, token]] : []);
  const localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    removeItem: (k: string) => items.delete(k),
  };
  const location = { pathname, assign: vi.fn() };
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('location', location);
  return { items, location };
}

const unauthorized = async () =>
  new Response(JSON.stringify({ message: 'Invalid token' }), {
    status: 401,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('createApiClient browser defaults', () => {
  it('reads the token from localStorage["token"] and clears it on a 401, then goes to /login', async () => {
    const { items, location } = browser('/groups/g1', 'stored');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: Request[] = [];
    const api = createApiClient({
      baseUrl: 'http://kitty.test/api',
      fetch: async (request) => {
        seen.push(request);
        return unauthorized();
      },
    });
    await expect(call(api.GET('/groups'), 'Failed to fetch groups')).rejects.toMatchObject({ status: 401 });
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer stored');
    expect(items.has(TOKEN_KEY)).toBe(false);
    expect(location.assign).toHaveBeenCalledWith('/login');
  });

  it('stays put after a 401 when already on /login (a failed sign-in)', async () => {
    const { location } = browser('/login', null);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = createApiClient({ baseUrl: 'http://kitty.test/api', fetch: unauthorized });
    const login = api.POST('/users/login', { body: { email: 'a@b.co', password: 'wrong' } });
    await expect(call(login, 'Login failed')).rejects.toMatchObject({
      status: 401,
      message: 'Invalid token',
    });
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('logs API errors to console.error with status, data, url and method', async () => {
    browser('/dashboard', null);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = createApiClient({ baseUrl: 'http://kitty.test/api', fetch: unauthorized });
    await expect(call(api.GET('/groups'), 'x')).rejects.toBeDefined();
    expect(error).toHaveBeenCalledWith('API error', {
      status: 401,
      data: { message: 'Invalid token' },
      url: 'http://kitty.test/api/groups',
      method: 'GET',
    });
  });
});
