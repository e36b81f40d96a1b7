import type { ImportPreviewMember } from '@kitty/domain/flows';
import { FieldError, Input, TextField } from 'react-aria-components';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import * as fieldStyles from '../../components/TextField.css';
import * as styles from './importStyles';
import { memberStatusWords, words } from './importWords';
import type { ImportView } from './useImport';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

interface MemberRowProps {
  member: ImportPreviewMember;
  email: string;
  error: string | undefined;
  myEmail: string | null;
  onChange: (email: string) => void;
}

/** One member of the file: their name and rows, the address they map to, and who they become. */
function MemberRow({ member, email, error, myEmail, onChange }: MemberRowProps) {
  const isMe = myEmail !== null && email.trim().toLowerCase() === myEmail.toLowerCase();
  return (
    <tr>
      <th scope="row" className={styles.td}>
        <div className={styles.tightStack}>
          <span>{member.name}</span>
          <span className={styles.muted}>{t('rows', { count: member.rows })}</span>
        </div>
      </th>
      <td className={styles.td}>
        <div className={styles.tightStack}>
          <TextField
            aria-label={t('emailOf', { name: member.name })}
            type="email"
            value={email}
            onChange={onChange}
            isInvalid={Boolean(error)}
            className={fieldStyles.field}
          >
            <Input className={fieldStyles.input} placeholder={t('emailPlaceholder')} />
            <FieldError className={fieldStyles.error}>{error && words(error)}</FieldError>
          </TextField>
          {myEmail !== null && !isMe && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={t('thisIsMeOne', { name: member.name })}
              onPress={() => onChange(myEmail)}
            >
              {t('thisIsMe')}
            </Button>
          )}
        </div>
      </td>
      <td className={styles.td}>
        {isMe && member.status !== 'unmapped' ? t('you') : memberStatusWords(member.status)}
      </td>
    </tr>
  );
}

/** The members found in the file, each mapped to an e-mail: an existing member, an account, or an invitation. */
export function MemberMapping({ view, myEmail }: { view: ImportView; myEmail: string | null }) {
  const { context, send } = view;
  const members = context.preview?.members ?? [];
  return (
    <Card as="section" aria-labelledby="import-members-title" className={styles.stack}>
      <h2 id="import-members-title" className={styles.heading}>
        {t('whoTitle')}
      </h2>
      <p className={styles.hint}>{t('whoHint')}</p>
      <table className={styles.table} aria-labelledby="import-members-title">
        <thead>
          <tr>
            <th scope="col" className={styles.th}>
              {t('nameInFile')}
            </th>
            <th scope="col" className={styles.th}>
              {t('email')}
            </th>
            <th scope="col" className={styles.th}>
              {t('status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <MemberRow
              key={member.name}
              member={member}
              email={context.mapping[member.name] ?? ''}
              error={context.fieldErrors[`members.${member.name}`]}
              myEmail={myEmail}
              onChange={(email) => send({ type: 'import.map', name: member.name, email })}
            />
          ))}
        </tbody>
      </table>
    </Card>
  );
}
