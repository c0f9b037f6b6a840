import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './focus-trap';
import { IconButton } from './IconButton';
import './Modal.css';

export interface ModalProps {
  open: boolean;
  /** Called on Escape, on the close button and on a click outside the dialog (unless `dismissible` is false). */
  onClose: () => void;
  /** The dialog's title; it names the dialog (aria-labelledby). */
  title: ReactNode;
  children?: ReactNode;
  /** Buttons at the foot of the dialog. */
  actions?: ReactNode;
  /** The close button's accessible name; without it no close button is drawn. */
  closeLabel?: string;
  size?: 'small' | 'medium' | 'large';
  /** False: only the dialog's own buttons close it (no Escape, no click outside). */
  dismissible?: boolean;
  /** The element focused on open; by default the first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Describes the dialog (aria-describedby), e.g. a confirmation's question. */
  describedBy?: string;
  role?: 'dialog' | 'alertdialog';
}

/** A modal dialog over the page: focus stays inside, Escape closes, focus returns where it was. */
export function Modal(props: ModalProps) {
  if (!props.open) return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({
  onClose,
  title,
  children,
  actions,
  closeLabel,
  size = 'medium',
  dismissible = true,
  initialFocus,
  describedBy,
  role = 'dialog',
}: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, dismissible ? onClose : undefined, initialFocus);
  return (
    <div
      className="octavo-modal-backdrop"
      onMouseDown={(event) => {
        if (dismissible && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`octavo-modal octavo-modal--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
      >
        <header className="octavo-modal__header">
          <h2 className="octavo-modal__title" id={titleId}>
            {title}
          </h2>
          {closeLabel && <IconButton icon="close" label={closeLabel} onClick={onClose} tooltip={false} />}
        </header>
        <div className="octavo-modal__body">{children}</div>
        {actions && <footer className="octavo-modal__actions">{actions}</footer>}
      </div>
    </div>
  );
}
