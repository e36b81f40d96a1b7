import { useEffect, useState } from 'react';
import { visuallyHidden } from '../components/VisuallyHidden.css';
import { useAuth } from '../flows/AuthProvider';
import { invalidate } from '../flows/resource';
import catalog from '../i18n/catalog/en/live.json';
import { messages } from '../i18n/messages';
import { tagsOf } from './changes';
import { connectLive } from './connection';
import type { LiveEvent } from './sse';
import { marks } from './useLive';

const t = messages(catalog);

/** Sends a live change to what shows it: its resources load again; someone else's change is marked. */
export function applyLiveEvent(event: LiveEvent, me: string | null, announce: (text: string) => void): void {
  invalidate(...tagsOf(event));
  if (event.kind === 'resync' || event.actor_id === me) return;
  marks.add(event);
  announce(t('changed', { kind: event.kind }));
}

// One stream per signed-in app, whatever mounts it: a frame that mounts again (another route) keeps it.
let current: { token: string; stop: () => void; users: number } | null = null;
let stopTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<(event: LiveEvent) => void>();

function acquire(token: string): () => void {
  if (stopTimer) clearTimeout(stopTimer);
  stopTimer = null;
  if (current && current.token !== token) {
    current.stop();
    current = null;
  }
  if (!current) {
    const stop = connectLive(token, {
      onEvent: (event) => {
        for (const listener of listeners) listener(event);
      },
      onReconnect: () => invalidate(...tagsOf({ kind: 'resync' } as LiveEvent)),
    });
    current = { token, stop, users: 0 };
  }
  const held = current;
  held.users++;
  return () => {
    held.users--;
    if (held.users > 0) return;
    stopTimer = setTimeout(() => {
      if (current === held && held.users === 0) {
        held.stop();
        current = null;
      }
    }, 1_000);
  };
}

/**
 * Keeps the live stream open while someone is signed in (mounted by the app frame), refreshes what the open
 * screen shows as changes arrive, and tells screen readers what changed.
 */
export function LiveUpdates() {
  const { token, user, isAuthenticated } = useAuth();
  const [said, setSaid] = useState('');
  const me = user?.id ?? null;
  useEffect(() => {
    if (!isAuthenticated || !token) return;
    const listener = (event: LiveEvent) => applyLiveEvent(event, me, setSaid);
    listeners.add(listener);
    const release = acquire(token);
    return () => {
      listeners.delete(listener);
      release();
    };
  }, [isAuthenticated, token, me]);
  return (
    <div className={visuallyHidden} role="status" aria-live="polite">
      {said}
    </div>
  );
}

export default LiveUpdates;
