import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  children?: ReactNode;
  /** The buttons at the bottom (confirm, cancel…). */
  actions?: ReactNode;
  /** Escape and the backdrop call this. */
  onClose: () => void;
  size?: 'small' | 'large';
}

/** A modal dialog: focus moves into it on open, Escape or a click on the backdrop closes it. */
export function Modal({ title, children, actions, onClose, size = 'small' }: ModalProps) {
  const titleId = useId();
  const box = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = box.current?.querySelector<HTMLElement>(
      '[data-autofocus], input, button, select, textarea',
    );
    first?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className="item-modal__backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={box}
        className={`item-modal item-modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
      >
        <h2 id={titleId} className="item-modal__title">
          {title}
        </h2>
        <div className="item-modal__body">{children}</div>
        {actions && <div className="item-modal__actions">{actions}</div>}
      </div>
    </div>
  );
}
