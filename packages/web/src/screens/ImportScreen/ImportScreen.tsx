import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { LinkButton } from '../../components/LinkButton';
import { PageHeader } from '../../components/PageHeader';
import { visuallyHidden } from '../../components/VisuallyHidden.css';
import { useAuth } from '../../flows/AuthProvider';
import { BalanceComparison } from './BalanceComparison';
import { ChooseFile } from './ChooseFile';
import { ImportActions } from './ImportActions';
import { ImportProblems } from './ImportProblems';
import { ImportRecognised } from './ImportRecognised';
import * as styles from './importStyles';
import { MemberMapping } from './MemberMapping';
import { PreviewSummary } from './PreviewSummary';
import { type ImportView, useImport } from './useImport';
import catalog from '../../i18n/catalog/en/import.json';
import { messages } from '../../i18n/messages';

const t = messages(catalog);

/** What the live region says of each step. */
function statusWords(view: ImportView): string {
  switch (view.step) {
    case 'previewing':
      return t('statusReading');
    case 'preview':
      return view.checking ? t('statusChecking') : t('statusReady');
    case 'importing':
      return t('statusImporting');
    case 'failed':
      return t('statusFailed');
    case 'done':
      return t('statusDone');
    default:
      return '';
  }
}

/** /import (into a new group) and /groups/:groupId/import: a file, its preview and member mapping, then Import. */
export function ImportScreen() {
  const { groupId } = useParams();
  const { user } = useAuth();
  const view = useImport(groupId ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { step, context } = view;
  const showPreview =
    context.preview !== null && (step === 'preview' || step === 'importing' || step === 'failed');

  // The preview arrives: focus moves to its heading, so a screen reader starts there.
  const previewShown = step === 'preview';
  useEffect(() => {
    if (previewShown) heading.current?.focus();
  }, [previewShown]);

  return (
    <div className={styles.stack}>
      <PageHeader
        title={groupId ? t('titleInto') : t('titleNew')}
        subtitle={t('subtitle')}
        actions={
          <LinkButton href={groupId ? `/groups/${groupId}` : '/groups'} variant="secondary" size="sm">
            {t('cancel')}
          </LinkButton>
        }
      />
      <p role="status" className={visuallyHidden}>
        {statusWords(view)}
      </p>
      {showPreview && context.preview ? (
        <>
          <PreviewSummary
            preview={context.preview}
            intoGroup={Boolean(groupId)}
            headingRef={heading}
            onCurrency={(currency) => view.send({ type: 'import.currency', currency })}
          />
          <MemberMapping view={view} myEmail={user?.email ?? null} />
          <ImportProblems problems={context.preview.problems} />
          <ImportRecognised recognised={context.preview.recognised} />
          <BalanceComparison balances={context.preview.balances} />
          <ImportActions view={view} />
        </>
      ) : (
        <ChooseFile view={view} />
      )}
    </div>
  );
}
