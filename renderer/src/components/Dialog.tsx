/**
 * A modal dialog on the native <dialog> element: the page behind is inert, Tab wraps around inside
 * (focusWrap.ts), Escape closes it, and on close focus returns to the opener. Rendered only while
 * open.
 */
import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, IconButton } from './Button';
import { cx } from './cx';
import { FormAlert } from './Field';
import { wrapTab } from './focusWrap';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  footerSplit?: boolean;
  wide?: boolean;
  /** role="alertdialog" for confirmations. */
  alert?: boolean;
}

export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

/**
 * Opens the dialog as a modal before its content mounts, so a control marked autoFocus gets the
 * focus (React focuses it as it mounts, which does nothing inside a closed <dialog>); without one,
 * the browser's own choice stands: the first control, Close. On unmount focus goes back to the
 * element that had it when the dialog opened, if that is still on the page.
 */
function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    setOpened(true);
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return { ref, opened };
}

function OpenDialog({ onClose, title, description, children, footer, footerSplit, wide, alert }: DialogProps) {
  const { t } = useTranslation();
  const { ref, opened } = useModal();
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  return (
    <dialog
      ref={ref}
      className={cx('raised dialog', wide && 'dialog--wide')}
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={(event) => {
        if (ref.current) wrapTab(event.nativeEvent, ref.current);
      }}
      onCancel={(event) => {
        // Escape: let React state decide, so the dialog and the state never disagree. React passes a
        // nested dialog's cancel up its tree: only the dialog Escape was meant for closes.
        event.preventDefault();
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      onMouseDown={(event) => {
        // A press on the backdrop (outside the dialog box) closes it.
        if (event.target !== ref.current) return;
        const rect = ref.current.getBoundingClientRect();
        const inside =
          event.clientX >= rect.left &&
          event.clientX <= rect.right &&
          event.clientY >= rect.top &&
          event.clientY <= rect.bottom;
        if (!inside) onCloseRef.current();
      }}
    >
      <div className="dialog__header">
        <div>
          <h2 className="dialog__title" id={titleId}>
            {title}
          </h2>
          {description ? (
            <p className="dialog__description" id={descriptionId}>
              {description}
            </p>
          ) : null}
        </div>
        <IconButton icon="x" label={t('common.close')} onClick={() => onCloseRef.current()} />
      </div>
      {opened && children ? <div className="dialog__body">{children}</div> : null}
      {opened && footer ? (
        <div className={cx('dialog__footer', footerSplit && 'dialog__footer--split')}>{footer}</div>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, word for word (e.g. the spec's confirmation text). */
  message: string;
  confirmLabel: string;
  busyLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  danger?: boolean;
  /** An error from the last attempt, shown inside the dialog. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question, used instead of window.confirm. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busyLabel,
  cancelLabel,
  busy = false,
  danger = true,
  error,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onCancel();
      }}
      title={title}
      description={message}
      alert
      footer={
        <>
          <Button onClick={onCancel} disabled={busy}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy} autoFocus>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <FormAlert message={error} />
    </Dialog>
  );
}
