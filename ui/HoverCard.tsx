import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import './HoverCard.css';

/** The hover card's timing (spec: a user card shows after 300 ms); it lingers a little so the pointer can reach it. */
export const HOVER_CARD_DELAY = { show: 300, hide: 150 } as const;

export interface HoverCardProps {
  /** One focusable element (a button or link): the card shows while it is hovered or focused. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** What the card shows; a function is called only while the card is open (so it can load lazily). */
  content: ReactNode | (() => ReactNode);
  /** Milliseconds before showing and hiding. */
  delay?: { show: number; hide: number };
  /** Shows the card regardless of pointer and focus (reviews, tests). */
  open?: boolean;
  /** Told when the card opens or closes by pointer, focus or Escape. */
  onOpenChange?: (open: boolean) => void;
}

const GAP = 6;
const MARGIN = 8;

/**
 * A richer tooltip: a card of details beside an element, after a delay on hover or keyboard focus.
 * The pointer may move into the card; leaving both, blurring, or Escape closes it. The card is drawn
 * over everything (a portal, fixed position), below the anchor or above it when there is no room,
 * and describes the anchor (aria-describedby) while open.
 */
export function HoverCard({
  children,
  content,
  delay = HOVER_CARD_DELAY,
  open,
  onOpenChange,
}: HoverCardProps) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const anchor = useRef<HTMLSpanElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<CSSProperties>({ visibility: 'hidden' });
  const visible = open ?? shown;

  const change = useCallback(
    (next: boolean) => {
      setShown((previous) => {
        if (previous !== next) onOpenChange?.(next);
        return next;
      });
    },
    [onOpenChange],
  );
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const schedule = (next: boolean) => {
    window.clearTimeout(timer.current);
    const wait = next ? delay.show : delay.hide;
    if (wait <= 0) change(next);
    else timer.current = window.setTimeout(() => change(next), wait);
  };
  const closeNow = useCallback(() => {
    window.clearTimeout(timer.current);
    change(false);
  }, [change]);

  // Place the card below the anchor (above when it does not fit), inside the window.
  const place = useCallback(() => {
    const from = anchor.current?.getBoundingClientRect();
    const size = card.current?.getBoundingClientRect();
    if (!from || !size) return;
    const below = from.bottom + GAP;
    const top =
      below + size.height > window.innerHeight - MARGIN && from.top - GAP - size.height >= MARGIN
        ? from.top - GAP - size.height
        : below;
    // Aligned with the anchor's start edge: its right one in a right-to-left page.
    const rtl = getComputedStyle(anchor.current!).direction === 'rtl';
    const start = rtl ? from.right - size.width : from.left;
    const left = Math.max(MARGIN, Math.min(start, window.innerWidth - MARGIN - size.width));
    setPosition({ top, left });
  }, []);
  useLayoutEffect(() => {
    if (!visible) {
      setPosition({ visibility: 'hidden' });
      return;
    }
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [visible, place]);

  // Escape closes it wherever the focus is, and only it: a dialog under the card stays open.
  useEffect(() => {
    if (!visible || open !== undefined) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      closeNow();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [visible, open, closeNow]);

  return (
    <span
      ref={anchor}
      className="octavo-hover-card-anchor"
      onPointerEnter={(event) => event.pointerType !== 'touch' && schedule(true)}
      onPointerLeave={() => schedule(false)}
      onFocus={() => schedule(true)}
      onBlur={() => schedule(false)}
    >
      {cloneElement(children, { 'aria-describedby': visible ? id : undefined })}
      {visible &&
        createPortal(
          <div
            ref={card}
            id={id}
            role="tooltip"
            className="octavo-hover-card"
            style={position}
            onPointerEnter={() => schedule(true)}
            onPointerLeave={() => schedule(false)}
          >
            {typeof content === 'function' ? content() : content}
          </div>,
          document.body,
        )}
    </span>
  );
}
