import { useEffect, useSyncExternalStore } from 'react';
import { Button } from '../components/Button';
import { cx } from '../components/cx';
import { useAuth, useAuthActor } from '../flows/AuthProvider';
import { dateTime, time } from '../i18n/format';
import { clearAnswers, offlineSince, subscribeOffline } from './answers';
import * as banner from '../components/VerifyEmailBanner.css';
import * as styles from './offline.css';
import { applyUpdate, subscribeUpdate, updateReady } from './serviceWorker';
import { outbox } from './sync';
import { useOutbox } from './useOutbox';
import { failureWords, offlineWords as t, writeLabel } from './words';

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * Above every signed-in screen: "Offline - showing data from {time}" while answers kept on the device are
 * shown (or a note that the device is offline), "A new version is ready" + Reload when the service worker
 * has one, and the writes the server refused, each with Retry and Discard. It also hands the outbox the
 * signed-in person (their writes are sent now, then whenever the connection returns) and forgets the kept
 * answers when the session ends.
 */
export function OfflineStatus() {
  const { user } = useAuth();
  const actor = useAuthActor();
  const userId = user?.id ?? null;

  useEffect(() => {
    outbox.setPerson(userId);
    if (userId) void outbox.sync();
  }, [userId]);

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('signedIn')) return;
      outbox.setPerson(null);
      void clearAnswers();
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  const since = useSyncExternalStore(subscribeOffline, offlineSince);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine);
  const update = useSyncExternalStore(subscribeUpdate, updateReady);
  const refused = useOutbox().filter((write) => write.state === 'failed');

  let offlineText: string | null = null;
  if (since !== null) {
    const saved = new Date(since);
    offlineText = t('showingSince', { time: sameDay(saved, new Date()) ? time(saved) : dateTime(saved) });
  } else if (!online) offlineText = t('offline');

  return (
    <>
      {offlineText && (
        <div className={banner.banner} role="status" data-testid="offline-bar">
          <div className={banner.inner}>
            <p className={banner.text}>{offlineText}</p>
          </div>
        </div>
      )}
      {update && (
        <div className={banner.banner} role="status">
          <div className={banner.inner}>
            <p className={banner.text}>{t('updateReady')}</p>
            <Button size="sm" variant="primary" onPress={applyUpdate}>
              {t('reload')}
            </Button>
          </div>
        </div>
      )}
      {refused.length > 0 && (
        <section
          className={cx(banner.banner, styles.refused)}
          aria-label={t('notSynced', { count: refused.length })}
        >
          <div className={banner.inner}>
            <p className={banner.text}>{t('notSynced', { count: refused.length })}</p>
            <ul className={cx(styles.list, styles.label)}>
              {refused.map((write) => (
                <li key={write.seq} className={styles.item}>
                  <span className={styles.label}>{writeLabel(write)}</span>
                  <span>
                    <Button size="sm" variant="secondary" onPress={() => void outbox.retry(write.seq)}>
                      {t('retry')}
                    </Button>
                    <Button size="sm" variant="ghost" onPress={() => void outbox.discard(write.seq)}>
                      {t('discard')}
                    </Button>
                  </span>
                  <p className={banner.text}>{failureWords(write.failure)}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}
    </>
  );
}
