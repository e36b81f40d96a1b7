import { call, type GroupDetail, type GroupEvent } from '@kitty/api';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api } from '../../api';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/Select';
import { LoadingText } from '../../components/Spinner';
import * as styles from './dialogs.css';
import { eventWords, kindOptions } from './historyWords';
import { dateTime } from '../../i18n/format';
import catalog from '../../i18n/catalog/en/groupHistory.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

const EVERYONE = 'everyone';
const ALL_KINDS = 'all';
const PAGE_SIZE = 20;

interface Loaded {
  events: GroupEvent[];
  nextCursor: string | null;
}

/**
 * The group's history (issue 23): every change newest first, in words ("Ana edited Dinner: amount €90.00 ->
 * €95.00"), filtered by person and by kind, a page at a time ("Load more").
 */
export function GroupHistoryDialog({ group, onClose }: { group: GroupDetail; onClose: () => void }) {
  const [person, setPerson] = useState(EVERYONE);
  const [kind, setKind] = useState(ALL_KINDS);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (cursor: string | null, signal?: AbortSignal) => {
      setStatus('loading');
      try {
        const page = await call(
          api.GET('/groups/{id}/history', {
            params: {
              path: { id: group.id },
              query: {
                limit: PAGE_SIZE,
                ...(cursor ? { cursor } : {}),
                ...(person !== EVERYONE ? { person } : {}),
                ...(kind !== ALL_KINDS ? { kind: kind as GroupEvent['kind'] } : {}),
              },
            },
            signal,
          }),
          t('loadFailed'),
        );
        setLoaded((before) => ({
          events: cursor && before ? [...before.events, ...page.events] : page.events,
          nextCursor: page.nextCursor,
        }));
        setStatus('ready');
      } catch (cause) {
        if (signal?.aborted) return;
        setError(cause instanceof Error ? cause.message : t('loadFailed'));
        setStatus('failed');
      }
    },
    [group.id, person, kind],
  );

  useEffect(() => {
    const controller = new AbortController();
    setLoaded(null);
    void load(null, controller.signal);
    return () => controller.abort();
  }, [load]);

  // Names of everyone the history mentions: current members, and whoever acted or was acted on.
  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const m of group.Members) map.set(m.id, m.display_name);
    for (const e of loaded?.events ?? []) {
      map.set(e.actor.id, e.actor.display_name);
      if (e.user) map.set(e.user.id, e.user.display_name);
    }
    return map;
  }, [group.Members, loaded]);
  const nameOf = useCallback((id: string) => names.get(id) ?? t('formerMember'), [names]);

  const personOptions = [
    { id: EVERYONE, label: t('everyone') },
    ...group.Members.map((m) => ({ id: m.id, label: m.display_name })),
  ];

  return (
    <Dialog title={t('title')} size="md" isOpen onOpenChange={(isOpen) => !isOpen && onClose()}>
      <div className={styles.stack}>
        <div className={styles.row}>
          <Select label={t('person')} options={personOptions} value={person} onChange={setPerson} />
          <Select label={t('kind')} options={kindOptions(ALL_KINDS)} value={kind} onChange={setKind} />
        </div>
        {loaded && loaded.events.length === 0 && status === 'ready' && (
          <p className={styles.empty}>{t('nothingYet')}</p>
        )}
        {loaded && loaded.events.length > 0 && (
          <ol className={styles.list} aria-label={t('changes')}>
            {loaded.events.map((event) => (
              <li key={event.id} className={styles.item}>
                <p>{eventWords(event, nameOf)}</p>
                <p className={styles.muted}>
                  <time dateTime={event.at}>{dateTime(event.at)}</time>
                </p>
              </li>
            ))}
          </ol>
        )}
        {status === 'loading' && <LoadingText>{t('loading')}</LoadingText>}
        {status === 'failed' && (
          <div role="alert" className={styles.tightStack}>
            <p className={styles.heading}>{t('error')}</p>
            <p>{error}</p>
            <div>
              <Button variant="secondary" size="sm" onPress={() => void load(loaded?.nextCursor ?? null)}>
                {t('tryAgain')}
              </Button>
            </div>
          </div>
        )}
        {status === 'ready' && loaded?.nextCursor && (
          <div>
            <Button variant="secondary" onPress={() => void load(loaded.nextCursor)}>
              {t('loadMore')}
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
