import type { ImportPreviewMember } from '@kitty/domain/flows';
import { FieldError, Input, TextField } from 'react-aria-components';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import * as fieldStyles from '../../components/TextField.css';
import * as styles from './importStyles';
import { MEMBER_STATUS_WORDS } from './importWords';
import type { ImportView } from './useImport';

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
          <span className={styles.muted}>{member.rows === 1 ? '1 row' : `${member.rows} rows`}</span>
        </div>
      </th>
      <td className={styles.td}>
        <div className={styles.tightStack}>
          <TextField
            aria-label={`E-mail of ${member.name}`}
            type="email"
            value={email}
            onChange={onChange}
            isInvalid={Boolean(error)}
            className={fieldStyles.field}
          >
            <Input className={fieldStyles.input} placeholder="name@example.com" />
            <FieldError className={fieldStyles.error}>{error}</FieldError>
          </TextField>
          {myEmail !== null && !isMe && (
            <Button
              variant="ghost"
              size="sm"
              aria-label={`This is me: ${member.name}`}
              onPress={() => onChange(myEmail)}
            >
              This is me
            </Button>
          )}
        </div>
      </td>
      <td className={styles.td}>
        {isMe && member.status !== 'unmapped' ? 'You' : MEMBER_STATUS_WORDS[member.status]}
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
        Who is who
      </h2>
      <p className={styles.hint}>
        Give each person in the file an e-mail address: a member or someone with an account is added, anyone
        else is invited.
      </p>
      <table className={styles.table} aria-labelledby="import-members-title">
        <thead>
          <tr>
            <th scope="col" className={styles.th}>
              Name in the file
            </th>
            <th scope="col" className={styles.th}>
              E-mail
            </th>
            <th scope="col" className={styles.th}>
              Status
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
