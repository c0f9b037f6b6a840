import { useContext, useMemo, useRef, useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, IconButton } from '../../../ui';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps, type RelationInfo } from '../contract';
import { LINK, editRow, isRemoved, isRow, keyOf, removeRow, rowsOf, type Row } from './entries';
import { NestedItemModal, fieldList, labelOf, nestedFields, useRelation } from './shared';
import { FileThumb } from './displays';
import './relational.css';

/** What the list edits in a row: the row itself (one-to-many) or the far item of a junction row. */
function itemOfRow(row: Row, relation: RelationInfo): Row | unknown {
  return relation.kind === 'm2m' && relation.junctionField ? row[relation.junctionField] : row;
}

function sortValue(row: Row, sortField: string | null): number {
  if (!sortField) return 0;
  const number = Number(row[sortField]);
  return Number.isFinite(number) ? number : Number.MAX_SAFE_INTEGER;
}

/** A row not saved yet keeps this list key while it is moved or edited (never sent: `$` keys are not). */
const NEW_KEY = '$key';
let newKeys = 0;
const newKey = () => `new-${++newKeys}`;

/** The sort value after the last row's. */
function nextSort(rows: Row[], sortField: string): number {
  const values = rows.map((row) => Number(row[sortField])).filter((value) => Number.isFinite(value));
  return Math.max(0, ...values) + 1;
}

interface Editing {
  row: Row | null;
}

/**
 * many-to-many, one-to-many and files: the related items as a list (template or `fields`), each editable
 * inline and removable; add existing ones with the app's item picker, create new ones in a nested form,
 * upload files (files); drag to sort when there is a sort field. Only what the caller may do is offered.
 */
export default function RelatedList(props: InterfaceComponentProps) {
  const t = useEngineT();
  const services = useContext(FormServicesContext);
  const relation = useRelation(props.field);
  const [editing, setEditing] = useState<Editing | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const all = rowsOf(props.value);
  // Uploads finish one by one after this render: each adds to the latest list, not to the one it started from.
  const latest = useRef(all);
  latest.current = all;
  const primaryKey = relation?.primaryKey ?? 'id';
  const sortField = relation?.sortField ?? null;
  const shown = useMemo(() => {
    const visible = all.filter((row) => !isRemoved(row));
    return sortField
      ? visible
          .map((row, index) => ({ row, index }))
          .sort((a, b) => sortValue(a.row, sortField) - sortValue(b.row, sortField) || a.index - b.index)
          .map((entry) => entry.row)
      : visible;
  }, [all, sortField]);

  if (!relation) {
    return (
      <p id={props.id} className="octavo-related__missing">
        {t('interfaces.relational.no_relation')}
      </p>
    );
  }
  const m2m = relation.kind === 'm2m';
  const isFiles = props.files === true || relation.far?.collection === 'directus_files';
  const target = m2m ? relation.far : relation;
  const targetKey = target?.primaryKey ?? 'id';
  const columns = fieldList(props.fields);
  const template = (props.template as string | undefined) || null;
  const deleteMode = props.deleteMode === 'item' ? 'delete' : 'unlink';
  const writable = !props.disabled;
  const may = relation.may;
  const canSelect =
    writable && props.allowSelect !== false && Boolean(services.pickFrom) && (m2m ? may.create : may.update);
  const canCreate =
    writable && props.allowCreate !== false && (m2m ? may.create && may.createFar : may.create);
  const Upload = services.UploadArea;
  const canUpload = canCreate && isFiles && Boolean(Upload);
  const canEdit = writable && (m2m ? may.updateFar : may.update);
  const canRemove = writable && (m2m || deleteMode === 'delete' ? may.delete : may.update);
  const canSort = writable && Boolean(sortField) && may.update && shown.length > 1;
  const keyFor = (row: Row, index: number) =>
    keyOf(row, primaryKey) ?? (typeof row[NEW_KEY] === 'string' ? row[NEW_KEY] : `new-${index}`);
  const ids = shown.map(keyFor);

  const emit = (rows: Row[]) => {
    latest.current = rows;
    props.onChange(rows);
  };
  const label = (row: Row) => labelOf(itemOfRow(row, relation), targetKey, template, columns) || '—';

  const add = (item: Row) => {
    const rows = latest.current;
    const present = rows.filter((row) => !isRemoved(row));
    const taken = present.some(
      (row) => keyOf(itemOfRow(row, relation), targetKey) === keyOf(item, targetKey),
    );
    if (taken) return;
    const next: Row = m2m
      ? { [relation.junctionField!]: item, [NEW_KEY]: newKey() }
      : { ...item, [LINK]: true };
    if (sortField) next[sortField] = nextSort(present, sortField);
    emit([...rows, next]);
  };
  const openPicker = () => {
    if (!target) return;
    services.pickFrom?.(target.collection, { template }).then((choice) => choice && add(choice.item));
  };
  const remove = (row: Row) => emit(removeRow(all, row, primaryKey, m2m ? 'delete' : deleteMode));
  const saveNested = (values: Row, changed: Row) => {
    const row = editing?.row ?? null;
    setEditing(null);
    if (!row) {
      const next: Row = m2m
        ? { [relation.junctionField!]: values, [NEW_KEY]: newKey() }
        : { ...values, [NEW_KEY]: newKey() };
      if (sortField) next[sortField] = nextSort(shown, sortField);
      emit([...all, next]);
      return;
    }
    if (Object.keys(changed).length === 0) return;
    if (m2m) {
      const far = itemOfRow(row, relation);
      const farRow = isRow(far) ? far : { [targetKey]: far };
      const edited = editRow(farRow, changed, targetKey);
      emit(
        all.map((other) =>
          other === row ? editRow(row, { [relation.junctionField!]: edited }, primaryKey) : other,
        ),
      );
    } else {
      emit(all.map((other) => (other === row ? editRow(row, changed, primaryKey) : other)));
    }
  };
  const onDragEnd = (event: DragEndEvent) => {
    if (!sortField || !event.over || event.active.id === event.over.id) return;
    const from = ids.indexOf(String(event.active.id));
    const to = ids.indexOf(String(event.over.id));
    if (from < 0 || to < 0) return;
    const ordered = arrayMove(shown, from, to);
    const renumbered = new Map(
      ordered.map((row, index) => [row, editRow(row, { [sortField]: index + 1 }, primaryKey)]),
    );
    // Rows removed in this session keep their markers; the rest follow the new order.
    emit([...ordered.map((row) => renumbered.get(row)!), ...all.filter((row) => isRemoved(row))]);
  };

  const editFields = target ? nestedFields(target.fields, m2m ? [] : [relation.backLink]) : [];
  const editingItem = editing?.row ? itemOfRow(editing.row, relation) : null;

  return (
    <div className="octavo-related" id={props.id} aria-describedby={props.describedBy}>
      {shown.length === 0 ? (
        <p className="octavo-related__empty">{t('interfaces.relational.empty')}</p>
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            <ul className="octavo-related__list" aria-label={t('interfaces.relational.list')}>
              {shown.map((row, index) => (
                <RelatedRow
                  key={ids[index]}
                  id={ids[index]}
                  label={label(row)}
                  file={isFiles ? itemOfRow(row, relation) : undefined}
                  sortable={canSort}
                  onEdit={canEdit && isRow(itemOfRow(row, relation)) ? () => setEditing({ row }) : undefined}
                  onRemove={canRemove ? () => remove(row) : undefined}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      {canUpload && Upload && (
        <Upload
          label={t('interfaces.relational.drop_files')}
          accept={(props.accept as string | undefined) || null}
          onUploaded={add}
        />
      )}
      {(canSelect || (canCreate && !isFiles)) && (
        <div className="octavo-related__actions">
          {canCreate && !isFiles && (
            <Button variant="secondary" size="small" icon="add" onClick={() => setEditing({ row: null })}>
              {t('interfaces.relational.create_new')}
            </Button>
          )}
          {canSelect && (
            <Button variant="secondary" size="small" icon="playlist_add" onClick={openPicker}>
              {isFiles
                ? t('interfaces.relational.choose_from_library')
                : t('interfaces.relational.add_existing')}
            </Button>
          )}
        </div>
      )}
      {editing && target && (
        <NestedItemModal
          title={editing.row ? t('interfaces.relational.edit_item') : t('interfaces.relational.create_new')}
          fields={editFields}
          item={editing.row ? (isRow(editingItem) ? editingItem : null) : null}
          onDone={saveNested}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function RelatedRow(props: {
  id: string;
  label: string;
  file?: unknown;
  sortable: boolean;
  onEdit?: () => void;
  onRemove?: () => void;
}) {
  const t = useEngineT();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: props.id,
    disabled: !props.sortable,
  });
  const style = { transform: CSS.Transform.toString(transform), transition };
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`octavo-related__row${isDragging ? ' octavo-related__row--dragging' : ''}`}
    >
      {props.sortable && (
        <button
          type="button"
          className="octavo-related__handle"
          aria-label={t('interfaces.relational.reorder', { name: props.label })}
          {...attributes}
          {...listeners}
        >
          <span className="material-symbols-outlined" aria-hidden="true">
            drag_indicator
          </span>
        </button>
      )}
      {props.file !== undefined && <FileThumb file={props.file} size={32} />}
      <span className="octavo-related__label">{props.label}</span>
      {props.onEdit && (
        <IconButton
          icon="edit"
          size="small"
          label={t('interfaces.relational.edit_named', { name: props.label })}
          onClick={props.onEdit}
        />
      )}
      {props.onRemove && (
        <IconButton
          icon="close"
          size="small"
          label={t('interfaces.relational.remove_named', { name: props.label })}
          onClick={props.onRemove}
        />
      )}
    </li>
  );
}
