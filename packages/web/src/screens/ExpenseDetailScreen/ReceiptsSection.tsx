import type { Expense, Receipt } from '@kitty/api';
import {
  isImageReceipt,
  mayRemoveReceipt,
  memberName,
  RECEIPT_CONTENT_TYPES,
  RECEIPT_LIMIT_REACHED,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_PER_EXPENSE,
  receiptDownloadName,
} from '@kitty/domain';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { Dialog } from '../../components/Dialog';
import { FileButton } from '../../components/FileButton';
import { TrashIcon } from '../../components/icons';
import { LoadingText, Spinner } from '../../components/Spinner';
import { useAuth } from '../../flows/AuthProvider';
import { ConfirmDialog } from './ConfirmDialog';
import * as page from './ExpenseDetailScreen.css';
import type { ReceiptFileKind, ReceiptFiles } from './receiptFiles';
import * as styles from './receiptStyles';
import { expenseProblem } from '../../components/split/words';
import catalog from '../../i18n/catalog/en/expenseDetail.json';
import { messages } from '../../i18n/messages';
import { receiptFailed, receiptSizeText } from './receiptWords';
import { SectionAlert } from './SectionAlert';
import { useReceipts } from './useReceipts';

const t = messages(catalog);

const IMAGE_TYPES = RECEIPT_CONTENT_TYPES.filter(isImageReceipt);

/** "Take photo" only where there is a camera to hold up: a touch screen without a mouse. */
function isTouchScreen(): boolean {
  return window.matchMedia?.('(hover: none) and (pointer: coarse)').matches ?? false;
}

/** The object URL of one receipt file, once loaded; 'failed' when it could not be read. */
function useReceiptUrl(files: ReceiptFiles, receiptId: string | null, kind: ReceiptFileKind) {
  const [state, setState] = useState<{ id: string; url: string | 'failed' } | null>(null);
  useEffect(() => {
    if (receiptId === null) return;
    let current = true;
    files.url(receiptId, kind).then(
      (url) => current && setState({ id: receiptId, url }),
      () => current && setState({ id: receiptId, url: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [files, receiptId, kind]);
  return state && state.id === receiptId ? state.url : null;
}

function ReceiptPreview({
  receipt,
  files,
  onOpen,
}: {
  receipt: Receipt;
  files: ReceiptFiles;
  onOpen: () => void;
}) {
  const image = isImageReceipt(receipt.content_type);
  const thumbnail = useReceiptUrl(files, image && receipt.has_thumbnail ? receipt.id : null, 'thumbnail');
  return (
    <Button
      variant="ghost"
      style={styles.preview}
      aria-label={
        image ? t('openReceipt', { name: receipt.filename }) : t('openPdf', { name: receipt.filename })
      }
      onPress={onOpen}
    >
      {!image ? (
        <span style={styles.pdfBadge} aria-hidden="true">
          PDF
        </span>
      ) : thumbnail === 'failed' || !receipt.has_thumbnail ? (
        <span style={styles.muted}>{t('noPreview')}</span>
      ) : thumbnail ? (
        <img src={thumbnail} alt={receipt.filename} style={styles.thumbnail} />
      ) : (
        <Spinner size="sm" />
      )}
    </Button>
  );
}

function ReceiptTile({
  receipt,
  files,
  own,
  onOpen,
  onRemove,
}: {
  receipt: Receipt;
  files: ReceiptFiles;
  own: boolean;
  onOpen: () => void;
  onRemove: () => void;
}) {
  return (
    <li style={styles.tile}>
      <ReceiptPreview receipt={receipt} files={files} onOpen={onOpen} />
      <div style={styles.meta}>
        <div style={styles.metaText}>
          <span style={styles.fileName}>{receipt.filename}</span>
          <span style={styles.muted}>
            {t('receiptFrom', {
              size: receiptSizeText(receipt.size),
              who: own ? t('you') : memberName(receipt.uploaded_by),
            })}
          </span>
        </div>
        {own && (
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('removeReceiptNamed', { name: receipt.filename })}
            onPress={onRemove}
          >
            <TrashIcon width={18} height={18} />
          </Button>
        )}
      </div>
    </li>
  );
}

/** An image receipt full-size, in a dialog named by its file name (Escape closes it). */
function ReceiptViewer({
  receipt,
  isOpen,
  files,
  onClose,
}: {
  receipt: Receipt | null;
  isOpen: boolean;
  files: ReceiptFiles;
  onClose: () => void;
}) {
  const url = useReceiptUrl(files, receipt?.id ?? null, 'full');
  return (
    <Dialog
      title={receipt?.filename ?? ''}
      size="2xl"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {url === 'failed' ? (
        <Alert>{receiptFailed('open')}</Alert>
      ) : url && receipt ? (
        <img src={url} alt={receipt.filename} style={styles.full} />
      ) : (
        <LoadingText>{t('loadingReceipt')}</LoadingText>
      )}
    </Dialog>
  );
}

/** Opens a PDF's object URL in a new tab; where the browser blocks that, downloads it under its name. */
function showPdf(url: string, filename: string) {
  if (window.open(url, '_blank')) return;
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
}

/**
 * Receipts on the expense detail: a thumbnail of each image and a tile for each PDF (with its name, size and
 * who attached it), an image opening full-size in a dialog and a PDF in a new tab, Remove for one's own after
 * a confirmation, and "Attach receipt" (plus "Take photo" on touch screens). The files are read with the
 * token into object URLs, revoked when the section goes.
 */
export function ReceiptsSection({ expense }: { expense: Expense }) {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const r = useReceipts(expense);
  const heading = useRef<HTMLHeadingElement>(null);
  // The receipt stays while its dialog closes, so the closing dialog keeps its name and picture.
  const [viewing, setViewing] = useState<Receipt | null>(null);
  const [viewerOpen, setViewerOpen] = useState(false);
  const [touchScreen] = useState(isTouchScreen);
  const list = r.receipts.data;
  const full = (list?.length ?? 0) >= RECEIPT_MAX_PER_EXPENSE;
  const busy = r.progress !== null;
  const busyLabel =
    r.progress && r.progress.total > 1
      ? t('attachingCount', { current: r.progress.current, total: r.progress.total })
      : t('attaching');

  const open = async (receipt: Receipt) => {
    if (isImageReceipt(receipt.content_type)) {
      setViewing(receipt);
      setViewerOpen(true);
      return;
    }
    const url = await r.open(receipt);
    if (url) showPdf(url, receiptDownloadName(receipt.filename, receipt.content_type));
  };

  return (
    <Card as="section" aria-labelledby="receipts-title" className={page.comments}>
      <h2 id="receipts-title" ref={heading} tabIndex={-1} className={page.cardTitle}>
        {t('receipts')}
        {list && list.length > 0 && <span className={page.commentsCount}> ({list.length})</span>}
      </h2>
      {r.receipts.status === 'failed' && !list ? (
        <SectionAlert onRetry={r.receipts.reload}>{r.receipts.error?.message}</SectionAlert>
      ) : !list ? (
        <LoadingText>{t('loadingSection.receipts')}</LoadingText>
      ) : list.length === 0 ? (
        <p className={page.commentsEmpty}>{t('noReceipts')}</p>
      ) : (
        <ul style={styles.grid} aria-labelledby="receipts-title">
          {list.map((receipt) => (
            <ReceiptTile
              key={receipt.id}
              receipt={receipt}
              files={r.files}
              own={mayRemoveReceipt(receipt, userId)}
              onOpen={() => void open(receipt)}
              onRemove={() => r.requestRemove(receipt)}
            />
          ))}
        </ul>
      )}
      {r.failure && <SectionAlert onDismiss={r.dismissFailure}>{expenseProblem(r.failure)}</SectionAlert>}
      {list && (
        <>
          <div style={styles.actions}>
            {full ? (
              // Nothing more can be attached: say so rather than open a picker for nothing.
              <Button variant="secondary" onPress={() => r.fail(RECEIPT_LIMIT_REACHED)}>
                {t('attachReceipt')}
              </Button>
            ) : (
              <>
                <FileButton
                  variant="secondary"
                  acceptedFileTypes={RECEIPT_CONTENT_TYPES}
                  allowsMultiple
                  isPending={busy}
                  onSelect={(files) => void r.attach(files)}
                >
                  {busy ? busyLabel : t('attachReceipt')}
                </FileButton>
                {!busy && touchScreen && (
                  <FileButton
                    variant="secondary"
                    acceptedFileTypes={IMAGE_TYPES}
                    defaultCamera="environment" // i18n-ignore: a camera, not words
                    onSelect={(files) => void r.attach(files)}
                  >
                    {t('takePhoto')}
                  </FileButton>
                )}
              </>
            )}
          </div>
          <p style={styles.hint}>
            {t('receiptHint', { size: receiptSizeText(RECEIPT_MAX_BYTES), count: RECEIPT_MAX_PER_EXPENSE })}
          </p>
          <p style={styles.hint}>{t('receiptPrivacy')}</p>
          {busy && <LoadingText>{busyLabel}</LoadingText>}
        </>
      )}
      <ReceiptViewer
        receipt={viewing}
        isOpen={viewerOpen}
        files={r.files}
        onClose={() => setViewerOpen(false)}
      />
      <ConfirmDialog
        title={t('removeReceiptTitle')}
        confirmLabel={t('remove')}
        isOpen={r.confirming !== null}
        isPending={r.removing}
        onCancel={r.cancelRemove}
        onConfirm={() => {
          void r.remove().then(() => setTimeout(() => heading.current?.focus(), 0));
        }}
      >
        <p>{t('removeReceiptConfirm', { name: r.confirming?.filename ?? '' })}</p>
      </ConfirmDialog>
    </Card>
  );
}
