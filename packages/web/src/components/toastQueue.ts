import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

// The queue lives apart from the region (Toast.tsx) so that a screen can raise a toast without the
// first page load carrying the region's code: RootLayout loads the region when the first toast arrives.

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastMessage {
  message: string;
  tone: ToastTone;
}

/** Toasts close by themselves after this long (spec: 3000 ms in the app). */
export const TOAST_TIMEOUT_MS = 3000;

/**
 * The app's one queue; <Toasts /> shows it. Call `toast.success(...)` etc. from anywhere.
 * No maxVisibleToasts: spec section 9 "Notification position: top-right; limit not set".
 */
export const toastQueue = new ToastQueue<ToastMessage>();

function show(tone: ToastTone, message: string, timeout: number = TOAST_TIMEOUT_MS): string {
  return toastQueue.add({ message, tone }, { timeout });
}

export const toast = {
  success: (message: string, timeout?: number) => show('success', message, timeout),
  error: (message: string, timeout?: number) => show('error', message, timeout),
  info: (message: string, timeout?: number) => show('info', message, timeout),
  close: (key: string) => toastQueue.close(key),
};
