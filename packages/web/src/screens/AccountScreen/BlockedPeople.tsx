import type { ApiError, BlockedPerson } from '@kitty/api';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Form } from '../../components/Form';
import { LoadingText } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { toast } from '../../components/Toast';
import { blockByEmail, unblockPerson, useBlockedPeople } from '../../flows/blocks';
import { errorWords } from '../../flows/errorWords';
import catalog from '../../i18n/catalog/en/account.json';
import { messages } from '../../i18n/messages';
import * as styles from './AccountScreen.css';

const t = messages(catalog);

/**
 * "Blocked people": everyone the person blocked from naming them in personal items (from an expense's
 * "Block {name}", or here by e-mail address), each with Unblock. Unblocking only lets them ask again, so it
 * asks nothing first.
 */
export function BlockedPeople() {
  const blocks = useBlockedPeople();
  const [unblocking, setUnblocking] = useState<string | null>(null);

  const unblock = async (person: BlockedPerson['user']) => {
    setUnblocking(person.id);
    try {
      await unblockPerson(person.id);
      toast.success(t('unblocked', { name: person.display_name }));
    } catch (failure) {
      toast.error(errorWords(failure as ApiError));
    } finally {
      setUnblocking(null);
    }
  };

  const people = blocks.data;
  return (
    <Card as="section" aria-labelledby="blocked-people-title" className={styles.section}>
      <h2 id="blocked-people-title" className={styles.sectionTitle}>
        {t('blockedPeople')}
      </h2>
      <p className={styles.muted}>{t('blockedExplain')}</p>
      {people === undefined ? (
        blocks.status === 'failed' ? (
          <p role="alert">{blocks.error?.message ?? t('blockedLoadFailed')}</p>
        ) : (
          <LoadingText>{t('loading')}</LoadingText>
        )
      ) : people.length === 0 ? (
        <p>{t('noBlocked')}</p>
      ) : (
        <ul className={styles.blockedList}>
          {people.map(({ user }) => (
            <li key={user.id} className={styles.blockedRow}>
              <span className={styles.blockedName}>
                <strong>{user.display_name}</strong>
                <span className={styles.muted}>{user.email}</span>
              </span>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('unblockNamed', { name: user.display_name })}
                isDisabled={unblocking === user.id}
                onPress={() => void unblock(user)}
              >
                {t('unblock')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <BlockByEmail />
    </Card>
  );
}

/** Block someone by their e-mail address: also whoever records payments with you without any expense. */
function BlockByEmail() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (email.trim() === '') return setProblem(t('blockEmailRequired'));
    setBusy(true);
    setProblem(undefined);
    try {
      const person = await blockByEmail(email);
      if (!person) setProblem(t('blockNobody'));
      else {
        toast.success(t('blockedByEmail', { name: person.name }));
        setEmail('');
      }
    } catch (failure) {
      setProblem(errorWords(failure as ApiError));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label={t('blockSomeone')} className={styles.passwordForm}>
      <TextField
        label={t('blockEmail')}
        type="email"
        autoComplete="off"
        value={email}
        onChange={setEmail}
        errorMessage={problem}
      />
      <div>
        <Button type="submit" variant="secondary" isPending={busy}>
          {t('blockSomeone')}
        </Button>
      </div>
    </Form>
  );
}
