import {
  createContext,
  use,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Icon } from '../../../ui/Icon';
import { VisuallyHidden } from '../../../ui/VisuallyHidden';
import { useEngineT } from '../../i18n';

export interface SortableListProps {
  /** Stable ids of the entries, in their order. */
  ids: string[];
  /** How an entry is named in announcements. */
  labelOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  disabled?: boolean;
  children: ReactNode;
}

interface MoveContextValue {
  move: (id: string, step: -1 | 1) => void;
}

const MoveContext = createContext<MoveContextValue>({ move: () => {} });

/**
 * Drag sorting with dnd-kit: the pointer drags a row by its handle; from the keyboard the handle
 * moves its row with the arrow keys at once (or Space, arrows, Space as dnd-kit's own keyboard
 * mode). Every move is announced in a live region.
 */
export function SortableList({ ids, labelOf, onMove, disabled, children }: SortableListProps) {
  const t = useEngineT();
  const [message, setMessage] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier) => labelOf(String(id));
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const count = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('interfaces.structured.drag_picked', { item: name(active.id), position: position(active.id), count }),
    onDragOver: ({ active, over }) =>
      over
        ? t('interfaces.structured.drag_over', { item: name(active.id), position: position(over.id), count })
        : '',
    onDragEnd: ({ active, over }) =>
      t('interfaces.structured.drag_dropped', {
        item: name(active.id),
        position: position(over?.id ?? active.id),
        count,
      }),
    onDragCancel: ({ active }) => t('interfaces.structured.drag_cancelled', { item: name(active.id) }),
  };
  const keyboardMove = (id: string, step: -1 | 1) => {
    const from = ids.indexOf(id);
    const to = from + step;
    if (from < 0 || to < 0 || to >= ids.length) return;
    onMove(from, to);
    setMessage(t('interfaces.structured.moved', { item: name(id), position: to + 1, count }));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('interfaces.structured.drag_instructions') },
      }}
      onDragEnd={({ active, over }) => {
        if (!over || active.id === over.id) return;
        const from = ids.indexOf(String(active.id));
        const to = ids.indexOf(String(over.id));
        if (from >= 0 && to >= 0) onMove(from, to);
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <MoveContext value={{ move: keyboardMove }}>{children}</MoveContext>
      </SortableContext>
      <span aria-live="polite" aria-atomic="true">
        <VisuallyHidden>{message}</VisuallyHidden>
      </span>
    </DndContext>
  );
}

export interface SortableRow {
  setNodeRef: (node: HTMLElement | null) => void;
  style: CSSProperties;
  dragging: boolean;
  handle: ReactNode;
}

/** One sortable entry: a ref and style for its element, and its handle button. */
export function useSortableRow(options: {
  id: string;
  /** The handle's DOM id (focus returns to it after a keyboard move). */
  handleId: string;
  label: string;
  disabled?: boolean;
}): SortableRow {
  const { id, handleId, label, disabled } = options;
  const sortable = useSortable({ id, disabled });
  const { move } = use(MoveContext);
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // While dnd-kit's keyboard drag is on, its sensor owns the arrow keys.
    if (sortable.active) return;
    const step = event.key === 'ArrowUp' ? -1 : event.key === 'ArrowDown' ? 1 : 0;
    if (step === 0) {
      sortable.listeners?.onKeyDown?.(event);
      return;
    }
    event.preventDefault();
    move(id, step);
    // The row's element may be moved in the document; keep the focus on its handle.
    requestAnimationFrame(() => document.getElementById(handleId)?.focus());
  };
  const handle = (
    <button
      type="button"
      id={handleId}
      className="octavo-structured__handle"
      {...sortable.attributes}
      {...sortable.listeners}
      onKeyDown={onKeyDown}
      ref={(node) => {
        handleRef.current = node;
        sortable.setActivatorNodeRef(node);
      }}
      aria-label={label}
      disabled={disabled}
    >
      <Icon name="drag_indicator" size="small" />
    </button>
  );
  return {
    setNodeRef: sortable.setNodeRef,
    style: { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition },
    dragging: sortable.isDragging,
    handle,
  };
}
