import { useEffect, useRef } from 'react';

export interface ConfirmDialogProps {
  message: string;
  confirmText: string;
  cancelText: string;
  busy?: boolean;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal question with confirm and cancel; Escape cancels, focus starts on cancel. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="listing-modal" role="presentation" onClick={props.onCancel}>
      <div
        className="listing-modal__box"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="listing-confirm-message"
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          if (event.key === 'Escape') props.onCancel();
        }}
      >
        <p id="listing-confirm-message">{props.message}</p>
        <div className="listing-modal__buttons">
          <button type="button" ref={cancelRef} className="button button--secondary" onClick={props.onCancel}>
            {props.cancelText}
          </button>
          <button
            type="button"
            className={props.danger ? 'button button--danger' : 'button'}
            disabled={props.busy}
            onClick={props.onConfirm}
          >
            {props.confirmText}
          </button>
        </div>
      </div>
    </div>
  );
}
