import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import './Tooltip.css';

/** The general tooltip timing (spec: show after 500 ms). */
export const TOOLTIP_DELAY = { show: 500, hide: 0 } as const;
/** The page header buttons' timing (spec: show after 750 ms, hide after 100 ms). */
export const HEADER_TOOLTIP_DELAY = { show: 750, hide: 100 } as const;

export interface TooltipProps {
  /** The text shown. */
  label: string;
  /** One focusable element: the tooltip shows while it is hovered or focused. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  placement?: 'top' | 'bottom' | 'start' | 'end';
  /** For top and bottom: centred on the anchor, or aligned with its end edge (near a window edge). */
  align?: 'center' | 'end';
  /** Milliseconds before showing and hiding; `HEADER_TOOLTIP_DELAY` for the page header's buttons. */
  delay?: { show: number; hide: number };
  /** Links the text to the anchor as its description; off when it repeats the anchor's own name. */
  describe?: boolean;
  /** Shows the tooltip regardless of pointer and focus (reviews, tests). */
  open?: boolean;
}

/** A small label next to an element, after a delay on hover or keyboard focus; Escape hides it. */
export function Tooltip({
  label,
  children,
  placement = 'bottom',
  align = 'center',
  delay = TOOLTIP_DELAY,
  describe = true,
  open,
}: TooltipProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (next: boolean) => {
    window.clearTimeout(timer.current);
    const wait = next ? delay.show : delay.hide;
    if (wait <= 0) setShown(next);
    else timer.current = window.setTimeout(() => setShown(next), wait);
  };
  const visible = open ?? shown;
  return (
    <span
      className="octavo-tooltip-anchor"
      onPointerEnter={() => schedule(true)}
      onPointerLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
      onPointerDown={() => {
        window.clearTimeout(timer.current);
        setShown(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && shown) {
          window.clearTimeout(timer.current);
          setShown(false);
        }
      }}
    >
      {describe ? cloneElement(children, { 'aria-describedby': visible ? id : undefined }) : children}
      {visible && (
        <span
          id={id}
          role="tooltip"
          className={`octavo-tooltip octavo-tooltip--${placement} octavo-tooltip--align-${align}`}
        >
          {label}
        </span>
      )}
    </span>
  );
}
