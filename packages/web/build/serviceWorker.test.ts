import { afterEach, describe, expect, it, vi } from 'vitest';
import { workerSource } from './serviceWorker';

type Listener = (event: FakeEvent) => void;
interface FakeEvent {
  request?: Request;
  data?: unknown;
  respondWith?: (answer: Promise<Response>) => void;
  waitUntil?: (work: Promise<unknown>) => void;
}

const ORIGIN = 'https://kitty.test';

/** Runs the generated worker against a fake ServiceWorkerGlobalScope: caches in a map, fetch as given. */
function startWorker(
  network: (request: Request) => Promise<Response>,
  urls = ['/index.html', '/assets/app-1.js'],
) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
  const skipWaiting = vi.fn();
  const storeOf = (name: string) => {
    let store = stores.get(name);
    if (!store) {
      store = new Map();
      stores.set(name, store);
    }
    return store;
  };
  const key = (input: Request | string) =>
    new URL(typeof input === 'string' ? input : input.url, ORIGIN).pathname;
  const caches = {
    open: async (name: string) => ({
      addAll: async (requests: Request[]) => {
        for (const request of requests) storeOf(name).set(key(request), await network(request));
      },
    }),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (input: Request | string, options: { cacheName: string }) =>
      storeOf(options.cacheName).get(key(input))?.clone(),
  };
  const self = {
    location: new URL(ORIGIN),
    clients: { claim: vi.fn(async () => {}) },
    skipWaiting,
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
  };
  // A worker's relative addresses are its origin's.
  const WorkerRequest = class extends Request {
    constructor(input: string, init?: RequestInit) {
      super(new URL(input, ORIGIN), init);
    }
  };
  new Function('self', 'caches', 'fetch', 'Request', workerSource('v2', urls))(
    self,
    caches,
    (request: Request) => network(request),
    WorkerRequest,
  );

  async function lifecycle(type: 'install' | 'activate') {
    let work: Promise<unknown> = Promise.resolve();
    listeners.get(type)?.({
      waitUntil: (w) => {
        work = w;
      },
    });
    await work;
  }
  /** The worker's answer to a request, or null when it leaves it to the network. */
  async function answer(path: string, init: RequestInit & { mode?: 'navigate' } = {}) {
    const request = new Request(new URL(path, ORIGIN), { method: init.method ?? 'GET' });
    if (init.mode) Object.defineProperty(request, 'mode', { value: init.mode });
    let responded: Promise<Response> | null = null;
    listeners.get('fetch')?.({
      request,
      respondWith: (a) => {
        responded = a;
      },
    });
    return responded as Promise<Response> | null;
  }
  return { lifecycle, answer, stores, skipWaiting, listeners };
}

const html = (text: string) => new Response(text, { headers: { 'content-type': 'text/html' } });

afterEach(() => vi.useRealTimers());

describe('the service worker (build/serviceWorker.ts)', () => {
  it("precaches the build's files under its version and deletes only older versions of its own caches", async () => {
    const worker = startWorker(async (r) => html(`network ${new URL(r.url).pathname}`));
    worker.stores.set('kitty-v1', new Map());
    worker.stores.set('someone-else', new Map());
    await worker.lifecycle('install');
    expect([...(worker.stores.get('kitty-v2')?.keys() ?? [])]).toEqual(['/index.html', '/assets/app-1.js']);
    await worker.lifecycle('activate');
    expect([...worker.stores.keys()].sort()).toEqual(['kitty-v2', 'someone-else']);
  });

  it('answers a page from the network, and with the cached app shell when the network fails', async () => {
    let online = true;
    const worker = startWorker(async (r) => {
      if (!online) throw new TypeError('Failed to fetch');
      return html(`network ${new URL(r.url).pathname}`);
    });
    await worker.lifecycle('install');
    expect(await (await worker.answer('/groups/1', { mode: 'navigate' }))?.text()).toBe('network /groups/1');
    online = false;
    expect(await (await worker.answer('/groups/1', { mode: 'navigate' }))?.text()).toBe(
      'network /index.html',
    );
  });

  it('answers a page with the app shell when the network has not answered in 4 seconds', async () => {
    vi.useFakeTimers();
    let slow = false;
    const worker = startWorker((r) =>
      slow ? new Promise<Response>(() => {}) : Promise.resolve(html(`network ${new URL(r.url).pathname}`)),
    );
    await worker.lifecycle('install');
    slow = true;
    const page = worker.answer('/dashboard', { mode: 'navigate' });
    await vi.advanceTimersByTimeAsync(4000);
    expect(await (await page)?.text()).toBe('network /index.html');
  });

  it("serves the build's own files from the cache and leaves /api, other files and writes to the network", async () => {
    const worker = startWorker(async (r) => html(`network ${new URL(r.url).pathname}`));
    await worker.lifecycle('install');
    expect(await (await worker.answer('/assets/app-1.js?x=1'))?.text()).toBe('network /assets/app-1.js');
    expect(await worker.answer('/api/groups')).toBeNull();
    expect(await worker.answer('/api/groups', { mode: 'navigate' })).toBeNull();
    expect(await worker.answer('/assets/other.js')).toBeNull();
    expect(await worker.answer('/api/expenses', { method: 'POST' })).toBeNull();
  });

  it('takes over only when the page asks (the person chose Reload)', () => {
    const worker = startWorker(async () => html(''));
    worker.listeners.get('message')?.({ data: { type: 'other' } });
    expect(worker.skipWaiting).not.toHaveBeenCalled();
    worker.listeners.get('message')?.({ data: { type: 'SKIP_WAITING' } });
    expect(worker.skipWaiting).toHaveBeenCalledOnce();
  });
});
