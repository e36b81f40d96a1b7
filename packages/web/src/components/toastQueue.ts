import type { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

// The `toast` calls live apart from the region (Toast.tsx) and from react-aria's queue, so that a screen can
// raise a toast without the first page load carrying either: the sign-in pages never show one. The first
// toast asks the signed-in frame (AppShell) for the region; the region's module brings the queue, which then shows every toast
// raised in between, in order.

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastMessage {
  message: string;
  tone: ToastTone;
}

/** Toasts close by themselves after this long (spec: 3000 ms in the app). */
export const TOAST_TIMEOUT_MS = 3000;

type Queue = ToastQueue<ToastMessage>;

let queue: Queue | null = null;
let waiting: { content: ToastMessage; timeout: number }[] = [];
let requested = false;
const listeners = new Set<() => void>();

/** Called once by the region's module with the app's one queue: the toasts raised before it loaded show now. */
export function attachToastQueue(loaded: Queue): void {
  queue = loaded;
  for (const { content, timeout } of waiting) loaded.add(content, { timeout });
  waiting = [];
}

/** Whether any toast has been raised yet (AppShell loads the region from then on). */
export const toastRequested = (): boolean => requested;

export function subscribeToastRequest(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

function show(tone: ToastTone, message: string, timeout: number = TOAST_TIMEOUT_MS): void {
  const content = { message, tone };
  if (queue) queue.add(content, { timeout });
  else waiting.push({ content, timeout });
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
}

/** `toast.success(...)` etc. from anywhere. */
export const toast = {
  success: (message: string, timeout?: number) => show('success', message, timeout),
  error: (message: string, timeout?: number) => show('error', message, timeout),
  info: (message: string, timeout?: number) => show('info', message, timeout),
};
