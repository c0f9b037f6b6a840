import { useId, useRef } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';
import './ConfirmDialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question asked, e.g. what will be deleted. */
  message?: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  /** The action is running: the confirm button shows a spinner and nothing closes the dialog. */
  busy?: boolean;
}

/** Asks before an action: the safe answer (cancel) has the focus first. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const messageId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={props.open}
      onClose={props.onCancel}
      title={props.title}
      size="small"
      role="alertdialog"
      dismissible={!props.busy}
      initialFocus={cancel}
      describedBy={props.message ? messageId : undefined}
      actions={
        <>
          <Button ref={cancel} variant="secondary" onClick={props.onCancel} disabled={props.busy}>
            {props.cancelLabel}
          </Button>
          <Button
            variant={props.danger ? 'danger' : 'primary'}
            onClick={props.onConfirm}
            loading={props.busy}
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      {props.message && (
        <p id={messageId} className="octavo-confirm__message">
          {props.message}
        </p>
      )}
    </Modal>
  );
}
