import type { ReactNode } from 'react';
import './VisuallyHidden.css';

/** Text for assistive technology only (kept in the layout's reading order, not shown). */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span className="octavo-visually-hidden" id={id}>
      {children}
    </span>
  );
}
