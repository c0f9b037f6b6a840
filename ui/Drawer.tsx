import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './focus-trap';
import { IconButton } from './IconButton';
import './Drawer.css';

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Names the drawer (aria-labelledby). */
  title: ReactNode;
  children?: ReactNode;
  /** The close button's accessible name. */
  closeLabel: string;
  /** The edge it slides from: start (left in left-to-right pages) or end. */
  side?: 'start' | 'end';
  /** Buttons at the foot of the drawer. */
  actions?: ReactNode;
}

/** A sidebar over the page, from the start or end edge; it traps focus like a modal and Escape closes it. */
export function Drawer(props: DrawerProps) {
  if (!props.open) return null;
  return createPortal(<DrawerPanel {...props} />, document.body);
}

function DrawerPanel({ onClose, title, children, closeLabel, side = 'end', actions }: DrawerProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, onClose);
  return (
    <div
      className="octavo-drawer-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={ref}
        className={`octavo-drawer octavo-drawer--${side}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="octavo-drawer__header">
          <h2 className="octavo-drawer__title" id={titleId}>
            {title}
          </h2>
          <IconButton icon="close" label={closeLabel} onClick={onClose} tooltip={false} />
        </header>
        <div className="octavo-drawer__body">{children}</div>
        {actions && <footer className="octavo-drawer__actions">{actions}</footer>}
      </div>
    </div>
  );
}
