import { useContext, useMemo, useState } from 'react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { IconButton } from '../../../ui/IconButton';
import { Notice } from '../../../ui/Notice';
import { ItemForm } from '../../form/ItemForm';
import { defaultValues } from '../../form/rules';
import { useEngineT } from '../../i18n';
import { renderTemplate } from '../../templates/render-template';
import type { FieldDefinition } from '../../types';
import { FormRegistryContext, type InterfaceComponentProps } from '../contract';
import { useRowIds } from './row-ids';
import { SortableList, useSortableRow } from './Sortable';
import { isRecord, move, str, subFields, type Row } from './values';
import './structured.css';

/** The rows of the value: an array of objects, or with `structure: object` an object keyed by `structure_key`. */
export function rowsOf(value: unknown, structureKey: string | undefined): Row[] {
  if (Array.isArray(value)) return value.map((row) => (isRecord(row) ? row : {}));
  if (structureKey && isRecord(value)) {
    return Object.entries(value).map(([key, row]) =>
      isRecord(row) ? { ...row, [structureKey]: row[structureKey] ?? key } : { [structureKey]: key },
    );
  }
  return [];
}

/** The value for a list of rows; an object keyed by `structureKey` drops rows without a key. */
export function valueOf(rows: Row[], structureKey: string | undefined): unknown {
  if (rows.length === 0) return null;
  if (!structureKey) return rows;
  const entries = rows
    .filter(
      (row) => row[structureKey] !== null && row[structureKey] !== undefined && row[structureKey] !== '',
    )
    .map((row) => [String(row[structureKey]), row] as const);
  return Object.fromEntries(entries);
}

/**
 * Repeater (schema-v8 §4.2): a list of rows, each a small form of the `fields` option drawn by the
 * form engine; collapsed rows are titled by `template` (else `placeholder`). Rows are added up to
 * `limit`, duplicated when `duplicable`, removed, and sorted by drag or by keyboard.
 */
export default function Repeater(props: InterfaceComponentProps) {
  const t = useEngineT();
  const registry = useContext(FormRegistryContext);
  const structureKey = props.structure === 'object' ? str(props.structureKey) : undefined;
  const rows = rowsOf(props.value, structureKey);
  const rowIds = useRowIds(rows.length);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const fields = useMemo(() => subFields(props.fields, props.disabled), [props.fields, props.disabled]);
  const limit = Number(props.limit) > 0 ? Number(props.limit) : Infinity;
  const atLimit = rows.length >= limit;

  const emit = (next: Row[], ids: string[]) => {
    rowIds.set(ids);
    props.onChange(valueOf(next, structureKey));
  };
  const titleOf = (row: Row, index: number) => {
    const template = str(props.template);
    const title = template ? renderTemplate(template, row).trim() : '';
    return title || str(props.placeholder) || t('interfaces.structured.row_number', { number: index + 1 });
  };
  const toggle = (id: string, on: boolean) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const add = () => {
    const id = rowIds.fresh();
    emit([...rows, defaultValues(fields)], [...rowIds.ids, id]);
    toggle(id, true);
  };
  const duplicate = (index: number) => {
    const id = rowIds.fresh();
    const copy = structuredClone(rows[index]);
    if (structureKey) copy[structureKey] = null;
    const next = rows.slice();
    next.splice(index + 1, 0, copy);
    const ids = rowIds.ids.slice();
    ids.splice(index + 1, 0, id);
    emit(next, ids);
    toggle(id, true);
  };
  const remove = (index: number) =>
    emit(
      rows.filter((_, at) => at !== index),
      rowIds.ids.filter((_, at) => at !== index),
    );
  const update = (index: number, field: string, value: unknown) =>
    emit(
      rows.map((row, at) => (at === index ? { ...row, [field]: value } : row)),
      rowIds.ids,
    );

  if (!registry) return <Notice color="danger">{t('interfaces.structured.no_registry')}</Notice>;
  if (fields.length === 0) return <Notice color="warning">{t('interfaces.structured.no_fields')}</Notice>;

  const labelOf = (id: string) => {
    const index = rowIds.ids.indexOf(id);
    return index >= 0 ? titleOf(rows[index], index) : id;
  };
  return (
    <div id={props.id} className="octavo-repeater" role="group" aria-describedby={props.describedBy}>
      {rows.length > 0 && (
        <SortableList
          ids={rowIds.ids}
          labelOf={labelOf}
          disabled={props.disabled}
          onMove={(from, to) => emit(move(rows, from, to), move(rowIds.ids, from, to))}
        >
          <ul className="octavo-repeater__rows">
            {rows.map((row, index) => {
              const id = rowIds.ids[index];
              return (
                <RepeaterRow
                  key={id}
                  id={id}
                  domId={`${props.id}-${id}`}
                  title={titleOf(row, index)}
                  row={row}
                  fields={fields}
                  registry={registry}
                  open={open.has(id)}
                  disabled={props.disabled}
                  duplicable={props.duplicable === true && !atLimit}
                  newItem={props.newItem}
                  onToggle={(on) => toggle(id, on)}
                  onStage={(field, value) => update(index, field, value)}
                  onDuplicate={() => duplicate(index)}
                  onRemove={() => remove(index)}
                />
              );
            })}
          </ul>
        </SortableList>
      )}
      {!props.disabled && (
        <Button variant="secondary" size="small" icon="add" onClick={add} disabled={atLimit}>
          {str(props.createItemText) ?? t('interfaces.structured.create_item')}
        </Button>
      )}
      {atLimit && Number.isFinite(limit) && (
        <p className="octavo-structured__hint">{t('interfaces.structured.limit_reached', { limit })}</p>
      )}
    </div>
  );
}

interface RepeaterRowProps {
  id: string;
  domId: string;
  title: string;
  row: Row;
  fields: FieldDefinition[];
  registry: NonNullable<React.ContextType<typeof FormRegistryContext>>;
  open: boolean;
  disabled: boolean;
  duplicable: boolean;
  newItem: boolean;
  onToggle: (open: boolean) => void;
  onStage: (field: string, value: unknown) => void;
  onDuplicate: () => void;
  onRemove: () => void;
}

function RepeaterRow(props: RepeaterRowProps) {
  const t = useEngineT();
  const sortable = useSortableRow({
    id: props.id,
    handleId: `${props.domId}-handle`,
    label: t('interfaces.structured.move_row', { title: props.title }),
    disabled: props.disabled,
  });
  const bodyId = `${props.domId}-body`;
  return (
    <li
      ref={sortable.setNodeRef}
      style={sortable.style}
      className={`octavo-repeater__row${sortable.dragging ? ' octavo-structured--dragging' : ''}`}
      data-row={props.title}
    >
      <div className="octavo-repeater__header">
        {sortable.handle}
        <button
          type="button"
          className="octavo-repeater__toggle"
          aria-expanded={props.open}
          aria-controls={bodyId}
          onClick={() => props.onToggle(!props.open)}
        >
          <Icon name={props.open ? 'expand_less' : 'expand_more'} size="small" />
          <span className="octavo-repeater__title">{props.title}</span>
        </button>
        {props.duplicable && !props.disabled && (
          <IconButton
            icon="content_copy"
            size="small"
            label={t('interfaces.structured.duplicate_row', { title: props.title })}
            onClick={props.onDuplicate}
          />
        )}
        {!props.disabled && (
          <IconButton
            icon="delete"
            size="small"
            label={t('interfaces.structured.remove_row', { title: props.title })}
            onClick={props.onRemove}
          />
        )}
      </div>
      {props.open && (
        <div id={bodyId} className="octavo-repeater__body">
          <ItemForm
            fields={props.fields}
            registry={props.registry}
            values={props.row}
            baseline={props.row}
            newItem={props.newItem}
            onStage={props.onStage}
            idPrefix={props.domId}
          />
        </div>
      )}
    </li>
  );
}
