import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { DEFAULT_COLUMN_WIDTH, DEFAULT_ROW_HEIGHT, type TableColumn, type TableSort } from './Table';
import './VirtualTable.css';

type Key = string | number;

export interface VirtualTableSelection {
  /** Keys of the selected rows (as rowKey returns them). */
  keys: Key[];
  onChange: (keys: Key[]) => void;
  /** Accessible names of the checkboxes. */
  rowLabel?: string;
  allLabel?: string;
}

export interface VirtualTableManualSort {
  /** Rows can be dragged (the view is sorted ascending by the sort field). */
  active: boolean;
  /** Clicking the handle column's header turns manual sorting on or off. */
  onToggle: () => void;
  /** A row was dropped at another position (indexes into `rows`). */
  onReorder: (from: number, to: number) => void;
  label?: string;
  handleLabel?: string;
}

export interface VirtualTableProps<Row> {
  columns: TableColumn[];
  rows: Row[];
  rowKey: (row: Row) => Key;
  renderCell: (row: Row, column: TableColumn) => ReactNode;
  sort?: TableSort | null;
  onSort?: (key: string) => void;
  /** A column's edge was dragged to a new width (pixels), called when the pointer is released. */
  onResize?: (key: string, width: number) => void;
  onRowClick?: (row: Row) => void;
  selection?: VirtualTableSelection;
  manualSort?: VirtualTableManualSort;
  /** Called when the end of the rows is within `endThreshold` pixels of the viewport's bottom. */
  onEndReached?: () => void;
  endThreshold?: number;
  /** Grey rows drawn after the last row while more are on their way. */
  placeholderRows?: number;
  /** Pixels; default 48. */
  rowHeight?: number;
  loading?: boolean;
  label?: string;
  resizeLabel?: string;
}

export const MIN_COLUMN_WIDTH = 60;
/** Widths of the fixed columns and the table's padding (spec §9: 30, 40 and 38 when manually sorting). */
export const TABLE_PADDING = 30;
export const SELECT_COLUMN_WIDTH = 40;
export const HANDLE_COLUMN_WIDTH = 38;
/** Rows drawn above and below the viewport so that fast scrolling shows no gaps. */
const OVERSCAN = 8;
/** Before the first measurement (and where nothing is laid out, e.g. jsdom) assume this viewport. */
const ASSUMED_VIEWPORT = 800;
const AUTO_SCROLL_EDGE = 48;
const AUTO_SCROLL_STEP = 16;
/** How long a dropped row stays highlighted (spec §9). */
const DROP_HIGHLIGHT_MS = 50;

interface Drag {
  from: number;
  to: number;
  startY: number;
  startScroll: number;
  offset: number;
}

/** Which rows are drawn for a scroll position: only those in (or near) the viewport. */
export function visibleRange(
  scrollTop: number,
  viewport: number,
  rowHeight: number,
  count: number,
  overscan = OVERSCAN,
): { first: number; last: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return { first, last: Math.max(first, last) };
}

/**
 * A table for long lists: rows of a fixed height are drawn only where the viewport is, so a list of
 * 100,000 rows costs as much as one of 30. Columns can be sorted and resized, rows selected and, when
 * manual sorting is on, dragged into a new order (pointer or Alt+arrow keys).
 */
export function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const rowHeight = props.rowHeight ?? DEFAULT_ROW_HEIGHT;
  const headerHeight = DEFAULT_ROW_HEIGHT;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(ASSUMED_VIEWPORT);
  const [liveWidths, setLiveWidths] = useState<Record<string, number>>({});
  const [drag, setDrag] = useState<Drag | null>(null);
  const [dropped, setDropped] = useState<Key | null>(null);

  const { rows, columns, selection, manualSort } = props;
  const placeholders = props.placeholderRows ?? 0;
  const bodyHeight = (rows.length + placeholders) * rowHeight;

  const widthOf = (column: TableColumn) => liveWidths[column.key] ?? column.width ?? DEFAULT_COLUMN_WIDTH;
  const totalWidth =
    columns.reduce((sum, column) => sum + widthOf(column), 0) +
    TABLE_PADDING +
    (selection ? SELECT_COLUMN_WIDTH : 0) +
    (manualSort ? HANDLE_COLUMN_WIDTH : 0);

  // The viewport's height follows the container (window resizes, sidebars opening).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setViewport(element.clientHeight > 0 ? element.clientHeight : ASSUMED_VIEWPORT);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const endRef = useRef(props.onEndReached);
  endRef.current = props.onEndReached;
  const threshold = props.endThreshold ?? 500;
  const checkEnd = useCallback(
    (top: number, height: number) => {
      if (!endRef.current) return;
      const remaining = headerHeight + bodyHeight - (top + height);
      if (remaining <= threshold) endRef.current();
    },
    [bodyHeight, headerHeight, threshold],
  );

  // A short list (or one that just grew) may already end inside the threshold.
  useEffect(() => {
    if (rows.length > 0) checkEnd(scrollRef.current?.scrollTop ?? 0, viewport);
  }, [rows.length, viewport, checkEnd]);

  const onScroll = () => {
    const element = scrollRef.current!;
    setScrollTop(element.scrollTop);
    checkEnd(element.scrollTop, viewport);
  };

  const bodyScroll = Math.max(0, scrollTop - headerHeight);
  const { first, last } = visibleRange(bodyScroll, viewport, rowHeight, rows.length + placeholders);

  // --- column resizing -------------------------------------------------------------------------
  const startResize = (event: ReactPointerEvent<HTMLSpanElement>, column: TableColumn) => {
    event.preventDefault();
    event.stopPropagation();
    const target = event.currentTarget;
    const startX = event.clientX;
    const startWidth = widthOf(column);
    // Right to left, a column's end edge is its left one: dragging leftwards widens it.
    const sign = isRtl(target) ? -1 : 1;
    target.setPointerCapture?.(event.pointerId);
    let width = startWidth;
    const move = (moveEvent: PointerEvent) => {
      width = Math.max(MIN_COLUMN_WIDTH, Math.round(startWidth + sign * (moveEvent.clientX - startX)));
      setLiveWidths((previous) => ({ ...previous, [column.key]: width }));
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      if (width !== startWidth) props.onResize?.(column.key, width);
      // The caller's width takes over once it arrives; until then the live one stays.
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  // Live widths give way to the caller's once the caller stores them.
  useEffect(() => {
    setLiveWidths((previous) => {
      const next = { ...previous };
      let changed = false;
      for (const column of columns) {
        if (column.key in next && column.width === next[column.key]) {
          delete next[column.key];
          changed = true;
        }
      }
      return changed ? next : previous;
    });
  }, [columns]);

  const resizeWithKeys = (event: KeyboardEvent<HTMLSpanElement>, column: TableColumn) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const wider = isRtl(event.currentTarget) ? 'ArrowLeft' : 'ArrowRight';
    const width = Math.max(MIN_COLUMN_WIDTH, widthOf(column) + (event.key === wider ? 20 : -20));
    props.onResize?.(column.key, width);
  };

  // --- drag sorting ----------------------------------------------------------------------------
  const dragRef = useRef<Drag | null>(null);
  const startDrag = (event: ReactPointerEvent<HTMLElement>, index: number) => {
    if (!manualSort?.active || event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const target = event.currentTarget;
    target.setPointerCapture?.(event.pointerId);
    const scroller = scrollRef.current!;
    const initial: Drag = {
      from: index,
      to: index,
      startY: event.clientY,
      startScroll: scroller.scrollTop,
      offset: 0,
    };
    dragRef.current = initial;
    setDrag(initial);
    let lastY = event.clientY;
    const update = () => {
      const current = dragRef.current!;
      const offset = lastY - current.startY + (scroller.scrollTop - current.startScroll);
      const to = Math.min(rows.length - 1, Math.max(0, current.from + Math.round(offset / rowHeight)));
      dragRef.current = { ...current, offset, to };
      setDrag(dragRef.current);
    };
    const move = (moveEvent: PointerEvent) => {
      lastY = moveEvent.clientY;
      // Near the edges the list scrolls along with the dragged row.
      const box = scroller.getBoundingClientRect();
      if (box.height > 0) {
        if (lastY < box.top + headerHeight + AUTO_SCROLL_EDGE) scroller.scrollTop -= AUTO_SCROLL_STEP;
        else if (lastY > box.bottom - AUTO_SCROLL_EDGE) scroller.scrollTop += AUTO_SCROLL_STEP;
      }
      update();
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      const done = dragRef.current!;
      dragRef.current = null;
      setDrag(null);
      if (done.to !== done.from) {
        setDropped(props.rowKey(rows[done.from]));
        manualSort.onReorder(done.from, done.to);
      }
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  useEffect(() => {
    if (dropped === null) return;
    const timer = setTimeout(() => setDropped(null), DROP_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [dropped]);

  const moveWithKeys = (event: KeyboardEvent<HTMLElement>, index: number) => {
    if (!manualSort?.active || !event.altKey) return;
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : index;
    if (to === index || to < 0 || to >= rows.length) return;
    event.preventDefault();
    manualSort.onReorder(index, to);
  };

  /** Where a row is drawn while another one is being dragged. */
  const topOf = (index: number) => {
    const base = index * rowHeight;
    if (!drag) return base;
    if (index === drag.from) return base + drag.offset;
    if (drag.from < drag.to && index > drag.from && index <= drag.to) return base - rowHeight;
    if (drag.from > drag.to && index < drag.from && index >= drag.to) return base + rowHeight;
    return base;
  };

  // --- selection -------------------------------------------------------------------------------
  const selected = new Set(selection?.keys ?? []);
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(props.rowKey(row)));
  const someSelected = !allSelected && rows.some((row) => selected.has(props.rowKey(row)));
  const toggleRow = (row: Row) => {
    const key = props.rowKey(row);
    selection!.onChange(
      selected.has(key) ? selection!.keys.filter((k) => k !== key) : [...selection!.keys, key],
    );
  };

  // Rows get stable handlers (reading the latest ones) so that unchanged rows skip re-rendering.
  const latest = useRef({ startDrag, moveWithKeys, toggleRow, onRowClick: props.onRowClick });
  latest.current = { startDrag, moveWithKeys, toggleRow, onRowClick: props.onRowClick };
  const stable = useRef({
    startDrag: (event: ReactPointerEvent<HTMLElement>, index: number) =>
      latest.current.startDrag(event, index),
    moveWithKeys: (event: KeyboardEvent<HTMLElement>, index: number) =>
      latest.current.moveWithKeys(event, index),
    toggleRow: (row: Row) => latest.current.toggleRow(row),
    onRowClick: (row: Row) => latest.current.onRowClick?.(row),
  }).current;

  const drawn: ReactNode[] = [];
  const renderLast = drag ? Math.max(last, Math.min(rows.length, drag.from + 1)) : last;
  const indexes: number[] = [];
  for (let index = first; index < renderLast; index++) indexes.push(index);
  // The dragged row stays mounted even when it leaves the drawn window.
  if (drag && (drag.from < first || drag.from >= renderLast)) indexes.push(drag.from);
  for (const index of indexes) {
    if (index >= rows.length) {
      drawn.push(
        <div
          key={`placeholder-${index}`}
          className="octavo-vtable__row octavo-vtable__row--placeholder"
          style={{ top: index * rowHeight, height: rowHeight }}
          aria-hidden="true"
        />,
      );
      continue;
    }
    const row = rows[index];
    const key = props.rowKey(row);
    drawn.push(
      <VirtualRow
        key={key}
        row={row}
        index={index}
        top={topOf(index)}
        height={rowHeight}
        columns={columns}
        widths={columns.map(widthOf)}
        renderCell={props.renderCell}
        onClick={props.onRowClick ? stable.onRowClick : undefined}
        selectable={Boolean(selection)}
        selected={selected.has(key)}
        onToggle={stable.toggleRow}
        rowLabel={selection?.rowLabel ?? 'Select row'}
        sortable={Boolean(manualSort)}
        sortActive={Boolean(manualSort?.active)}
        handleLabel={manualSort?.handleLabel ?? 'Drag to reorder'}
        onHandleDown={stable.startDrag}
        onHandleKey={stable.moveWithKeys}
        dragging={drag?.from === index}
        highlighted={dropped === key}
      />,
    );
  }

  return (
    <div
      className="octavo-vtable"
      role="table"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      aria-busy={props.loading || undefined}
    >
      <div className="octavo-vtable__scroll" ref={scrollRef} onScroll={onScroll}>
        <div className="octavo-vtable__inner" style={{ width: totalWidth }}>
          <div role="rowgroup" className="octavo-vtable__head" style={{ height: headerHeight }}>
            <div role="row" aria-rowindex={1} className="octavo-vtable__header-row">
              {manualSort && (
                <div
                  role="columnheader"
                  className="octavo-vtable__fixed"
                  style={{ width: HANDLE_COLUMN_WIDTH }}
                >
                  <button
                    type="button"
                    className={`octavo-vtable__manual${manualSort.active ? ' octavo-vtable__manual--on' : ''}`}
                    aria-pressed={manualSort.active}
                    aria-label={manualSort.label ?? 'Manual sorting'}
                    title={manualSort.label ?? 'Manual sorting'}
                    onClick={manualSort.onToggle}
                  >
                    <LineIcon d="M4 7h10M4 12h7M4 17h4M18 5v14M15 16l3 3 3-3" />
                  </button>
                </div>
              )}
              {selection && (
                <div
                  role="columnheader"
                  className="octavo-vtable__fixed"
                  style={{ width: SELECT_COLUMN_WIDTH }}
                >
                  <input
                    type="checkbox"
                    aria-label={selection.allLabel ?? 'Select all'}
                    checked={allSelected}
                    ref={(element) => {
                      if (element) element.indeterminate = someSelected;
                    }}
                    onChange={() =>
                      selection.onChange(allSelected ? [] : rows.map((row) => props.rowKey(row)))
                    }
                  />
                </div>
              )}
              {columns.map((column) => {
                const sorted = props.sort?.key === column.key;
                const ariaSort = sorted ? (props.sort!.descending ? 'descending' : 'ascending') : undefined;
                return (
                  <div
                    key={column.key}
                    role="columnheader"
                    aria-sort={ariaSort}
                    className="octavo-vtable__header"
                    style={{ width: widthOf(column) }}
                  >
                    {column.sortable && props.onSort ? (
                      <button
                        type="button"
                        className="octavo-vtable__sort"
                        onClick={() => props.onSort!(column.key)}
                      >
                        {column.label}
                        {sorted && <span aria-hidden="true">{props.sort!.descending ? ' ▼' : ' ▲'}</span>}
                      </button>
                    ) : (
                      <span className="octavo-vtable__label">{column.label}</span>
                    )}
                    {props.onResize && (
                      <span
                        role="separator"
                        aria-orientation="vertical"
                        aria-label={`${props.resizeLabel ?? 'Resize'} ${column.label}`}
                        aria-valuenow={widthOf(column)}
                        tabIndex={0}
                        className="octavo-vtable__resize"
                        onPointerDown={(event) => startResize(event, column)}
                        onKeyDown={(event) => resizeWithKeys(event, column)}
                        onClick={(event) => event.stopPropagation()}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          </div>
          <div role="rowgroup" className="octavo-vtable__body" style={{ height: bodyHeight }}>
            {drawn}
          </div>
        </div>
      </div>
    </div>
  );
}

interface VirtualRowProps<Row> {
  row: Row;
  index: number;
  top: number;
  height: number;
  columns: TableColumn[];
  widths: number[];
  renderCell: (row: Row, column: TableColumn) => ReactNode;
  onClick?: (row: Row) => void;
  selectable: boolean;
  selected: boolean;
  onToggle: (row: Row) => void;
  rowLabel: string;
  sortable: boolean;
  sortActive: boolean;
  handleLabel: string;
  onHandleDown: (event: ReactPointerEvent<HTMLElement>, index: number) => void;
  onHandleKey: (event: KeyboardEvent<HTMLElement>, index: number) => void;
  dragging: boolean;
  highlighted: boolean;
}

function VirtualRowView<Row>(props: VirtualRowProps<Row>) {
  const { row, onClick } = props;
  const classes = ['octavo-vtable__row'];
  if (onClick) classes.push('octavo-vtable__row--link');
  if (props.selected) classes.push('octavo-vtable__row--selected');
  if (props.dragging) classes.push('octavo-vtable__row--dragging');
  if (props.highlighted) classes.push('octavo-vtable__row--dropped');
  return (
    <div
      role="row"
      aria-rowindex={props.index + 2}
      aria-selected={props.selectable ? props.selected : undefined}
      className={classes.join(' ')}
      style={{ transform: `translateY(${props.top}px)`, height: props.height }}
      tabIndex={onClick ? 0 : undefined}
      onClick={onClick ? () => onClick(row) : undefined}
      onKeyDown={
        onClick
          ? (event) => {
              if (event.key === 'Enter' && event.target === event.currentTarget) onClick(row);
            }
          : undefined
      }
    >
      {props.sortable && (
        <div role="cell" className="octavo-vtable__fixed" style={{ width: HANDLE_COLUMN_WIDTH }}>
          <button
            type="button"
            className="octavo-vtable__handle"
            aria-label={props.handleLabel}
            disabled={!props.sortActive}
            onPointerDown={(event) => props.onHandleDown(event, props.index)}
            onKeyDown={(event) => props.onHandleKey(event, props.index)}
            onClick={(event) => event.stopPropagation()}
          >
            <LineIcon d="M5 9h14M5 15h14" />
          </button>
        </div>
      )}
      {props.selectable && (
        <div
          role="cell"
          className="octavo-vtable__fixed"
          style={{ width: SELECT_COLUMN_WIDTH }}
          onClick={(event) => event.stopPropagation()}
        >
          <input
            type="checkbox"
            aria-label={props.rowLabel}
            checked={props.selected}
            onChange={() => props.onToggle(row)}
          />
        </div>
      )}
      {props.columns.map((column, index) => (
        <div
          key={column.key}
          role="cell"
          className="octavo-vtable__cell"
          style={{ width: props.widths[index] }}
        >
          {props.renderCell(row, column)}
        </div>
      ))}
    </div>
  );
}

const VirtualRow = memo(VirtualRowView, (previous, next) => {
  // Widths arrive as a fresh array on every render; compare them by value.
  for (const key of Object.keys(next) as (keyof VirtualRowProps<unknown>)[]) {
    if (key === 'widths') {
      if (previous.widths.length !== next.widths.length) return false;
      if (previous.widths.some((width, index) => width !== next.widths[index])) return false;
    } else if (previous[key] !== next[key]) return false;
  }
  return true;
}) as typeof VirtualRowView;

/** A small stroked icon (ui/ draws its own: it cannot rely on an icon font being loaded). */
function LineIcon({ d }: { d: string }) {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

function isRtl(element: Element): boolean {
  return element.closest('[dir]')?.getAttribute('dir') === 'rtl';
}
