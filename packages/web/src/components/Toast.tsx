import { useEffect } from 'react';
import {
  Text,
  UNSTABLE_Toast as RACToast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import { Button } from './Button';
import { CloseIcon } from './icons';
import * as styles from './Toast.css';
import { attachToastQueue, type ToastMessage } from './toastQueue';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

export { TOAST_TIMEOUT_MS, type ToastMessage, type ToastTone, toast } from './toastQueue';

/**
 * The app's one queue, shown by <Toasts />. No maxVisibleToasts: spec section 9 "Notification position:
 * top-right; limit not set".
 */
export const toastQueue = new ToastQueue<ToastMessage>();
attachToastQueue(toastQueue);

/**
 * The top-right notification region. Timers pause while the region is hovered or focused
 * (react-aria) and while the window has lost focus.
 */
export function Toasts() {
  useEffect(() => {
    const pause = () => toastQueue.pauseAll();
    const resume = () => toastQueue.resumeAll();
    window.addEventListener('blur', pause);
    window.addEventListener('focus', resume);
    return () => {
      window.removeEventListener('blur', pause);
      window.removeEventListener('focus', resume);
    };
  }, []);

  return (
    <ToastRegion queue={toastQueue} className={styles.region}>
      {({ toast: item }) => (
        <RACToast toast={item} className={styles.toast[item.content.tone]}>
          <ToastContent className={styles.content}>
            <Text slot="title">{item.content.message}</Text>
          </ToastContent>
          <Button slot="close" variant="ghost" size="sm" aria-label={t('close')}>
            <CloseIcon width={18} height={18} />
          </Button>
        </RACToast>
      )}
    </ToastRegion>
  );
}
