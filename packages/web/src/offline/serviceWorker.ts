// The page's side of the service worker (/sw.js, written by build/serviceWorker.ts): registers it, and when
// a new version has installed beside the running one, offers it ("A new version is ready" + Reload) instead
// of switching under a person who is typing. Reload asks the waiting worker to take over, then reloads.

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;
let reloading = false;

/** A new version is installed and waits for the person to reload. */
export const updateReady = (): boolean => waiting !== null;

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function offer(worker: ServiceWorker | null): void {
  // Only an update: the first worker of a device has nothing to replace.
  if (!worker || !navigator.serviceWorker.controller) return;
  waiting = worker;
  for (const listener of listeners) listener();
}

/** The person chose Reload: the new version takes over and the page loads again with it. */
export function applyUpdate(): void {
  if (!waiting) return;
  reloading = true;
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

const HOUR = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(installing);
    });
  });
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) window.location.reload();
  });
  // A long-open tab hears of a new version too: on coming back to it, at most once an hour.
  let checked = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - checked < HOUR) return;
    checked = Date.now();
    void registration.update().catch(() => {});
  });
}
