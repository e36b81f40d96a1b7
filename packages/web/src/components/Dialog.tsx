import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Heading, Modal, ModalOverlay, Dialog as RACDialog } from 'react-aria-components';
import { Button } from './Button';
import * as styles from './Dialog.css';
import { CloseIcon } from './icons';
import catalog from '../i18n/catalog/en/common.json';
import { messages } from '../i18n/messages';

const t = messages(catalog);

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl' | '2xl' | 'full';

export interface DialogProps {
  /** The dialog's heading and accessible name. */
  title: string;
  size?: DialogSize;
  /** "dialog" (z-index 50, the default) or "split": the Configure Split dialog opened above another (100). */
  layer?: 'dialog' | 'split';
  /** Controlled use; leave both out inside a react-aria `DialogTrigger`. */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  /** Overlay click closes (default true); Escape always closes unless `isKeyboardDismissDisabled`. */
  isDismissable?: boolean;
  isKeyboardDismissDisabled?: boolean;
  /** Content, or a function receiving `close`. */
  children: ReactNode | ((close: () => void) => ReactNode);
  /** Actions pinned under the scrolling body (e.g. Cancel / Confirm). */
  footer?: ReactNode | ((close: () => void) => ReactNode);
  /** For alert dialogs (confirmations) use role "alertdialog". */
  role?: 'dialog' | 'alertdialog';
}

/**
 * The scrolling body. When its content is taller than the dialog it takes focus (tab stop), so a keyboard
 * user can scroll a body with nothing focusable in it (Group Balances, Settle Up's History on a phone).
 */
function DialogBody({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const body = outer.current;
    const content = inner.current;
    if (!body || !content) return;
    const measure = () => setScrolls(body.scrollHeight > body.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(body);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={outer} className={styles.body} tabIndex={scrolls ? 0 : undefined}>
      <div ref={inner}>{children}</div>
    </div>
  );
}

/** A modal dialog: focus trapped, closes on Escape and overlay click, scrolls its body. */
export function Dialog({
  title,
  size = 'md',
  layer = 'dialog',
  isOpen,
  onOpenChange,
  isDismissable = true,
  isKeyboardDismissDisabled = false,
  children,
  footer,
  role,
}: DialogProps) {
  const controlled = isOpen === undefined ? {} : { isOpen };
  return (
    <ModalOverlay
      {...controlled}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      className={styles.overlay({ layer, size })}
    >
      <Modal className={styles.modal({ size })}>
        <RACDialog className={styles.dialog} role={role}>
          {({ close }) => (
            <>
              <div className={styles.header}>
                <Heading slot="title" className={styles.title}>
                  {title}
                </Heading>
                <Button variant="ghost" size="sm" aria-label={t('close')} onPress={close}>
                  <CloseIcon width={20} height={20} />
                </Button>
              </div>
              <DialogBody>{typeof children === 'function' ? children(close) : children}</DialogBody>
              {footer && (
                <div className={styles.footer}>{typeof footer === 'function' ? footer(close) : footer}</div>
              )}
            </>
          )}
        </RACDialog>
      </Modal>
    </ModalOverlay>
  );
}

export { DialogTrigger } from 'react-aria-components';
