import { beforeEach, describe, expect, it, vi } from 'vitest';

// The module holds the app's one pending list: each test starts from a fresh copy of it.
type Module = typeof import('./toastQueue');
let mod: Module;

beforeEach(async () => {
  vi.resetModules();
  mod = await import('./toastQueue');
});

/** Records what reaches react-aria's queue (only `add` is used by the module). */
function fakeQueue() {
  const added: { content: unknown; options: unknown }[] = [];
  const queue = { add: (content: unknown, options: unknown) => added.push({ content, options }) };
  return { added, queue: queue as unknown as Parameters<Module['attachToastQueue']>[0] };
}

describe('toasts raised before the region has loaded', () => {
  it('are shown, in order and with their timeouts, once the queue arrives', () => {
    mod.toast.success('Expense added');
    mod.toast.error('Could not save', 5000);
    const { added, queue } = fakeQueue();
    mod.attachToastQueue(queue);
    expect(added).toEqual([
      { content: { message: 'Expense added', tone: 'success' }, options: { timeout: mod.TOAST_TIMEOUT_MS } },
      { content: { message: 'Could not save', tone: 'error' }, options: { timeout: 5000 } },
    ]);
    mod.toast.info('Deleting expense...');
    expect(added).toHaveLength(3);
  });

  it('are shown once each, not again by a later toast', () => {
    mod.toast.info('one');
    const { added, queue } = fakeQueue();
    mod.attachToastQueue(queue);
    mod.toast.info('two');
    expect(added.map((a) => (a.content as { message: string }).message)).toEqual(['one', 'two']);
  });
});

describe('the region is asked for', () => {
  it('by the first toast, and only then', () => {
    const onRequest = vi.fn();
    mod.subscribeToastRequest(onRequest);
    expect(mod.toastRequested()).toBe(false);
    mod.toast.success('Saved');
    mod.toast.success('Saved again');
    expect(mod.toastRequested()).toBe(true);
    expect(onRequest).toHaveBeenCalledTimes(1);
  });

  it('even when a screen had already loaded the queue', () => {
    mod.attachToastQueue(fakeQueue().queue);
    expect(mod.toastRequested()).toBe(false);
    mod.toast.error('Failed');
    expect(mod.toastRequested()).toBe(true);
  });
});
