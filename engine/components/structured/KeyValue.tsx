import { useContext, useMemo, useState } from 'react';
import { dequal } from 'dequal';
import { Button } from '../../../ui/Button';
import { IconButton } from '../../../ui/IconButton';
import { resolveBindingProps } from '../../binding/resolve-props';
import { optionsWithDefaults } from '../../form/rules';
import { useEngineT } from '../../i18n';
import type { DefinitionRegistry } from '../../registry/registry';
import type { FieldDefinition } from '../../types';
import { FormRegistryContext, type InterfaceComponentProps } from '../contract';
import { useRowIds } from './row-ids';
import { SortableList, useSortableRow } from './Sortable';
import { isRecord, move, str } from './values';
import './structured.css';

export interface Pair {
  key: unknown;
  value: unknown;
}

const emptyKey = (key: unknown) => key === null || key === undefined || key === '';

export function pairsOf(value: unknown): Pair[] {
  return isRecord(value) ? Object.entries(value).map(([key, entry]) => ({ key, value: entry })) : [];
}

/** The stored object: rows without a key are left out, and of two rows with one key the first wins. */
export function objectOf(pairs: Pair[]): Record<string, unknown> | null {
  const result: Record<string, unknown> = {};
  for (const pair of pairs) {
    if (emptyKey(pair.key)) continue;
    const key = String(pair.key);
    if (!Object.hasOwn(result, key)) result[key] = pair.value ?? null;
  }
  return Object.keys(result).length ? result : null;
}

/** The positions of rows whose key an earlier row already has. */
export function duplicateRows(pairs: Pair[]): Set<number> {
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  pairs.forEach((pair, index) => {
    if (emptyKey(pair.key)) return;
    const key = String(pair.key);
    if (seen.has(key)) duplicates.add(index);
    seen.add(key);
  });
  return duplicates;
}

interface Side {
  interfaceId: string;
  type: string;
  options: Record<string, unknown> | null;
}

/**
 * Key / Value (schema-v8 §4.2): an object edited as rows of a key and a value, each drawn by the
 * interface `keyInterface` / `valueInterface` names with its type and options. The directus_files
 * seed spells the types `keyDataType` / `valueDataType` (schema-v8 §2.5); both are read.
 */
export default function KeyValue(props: InterfaceComponentProps) {
  const t = useEngineT();
  const registry = useContext(FormRegistryContext);
  // The rows are kept while they are edited, so that an empty or repeated key is not lost at once.
  const [state, setState] = useState(() => ({ source: props.value, pairs: pairsOf(props.value) }));
  let pairs = state.pairs;
  if (state.source !== props.value && !dequal(state.source ?? null, props.value ?? null)) {
    pairs = pairsOf(props.value);
    setState({ source: props.value, pairs });
  }
  const rowIds = useRowIds(pairs.length);
  const duplicates = duplicateRows(pairs);
  const keySide: Side = {
    interfaceId: str(props.keyInterface) ?? 'text-input',
    type: str(props.keyDataType) ?? str(props.keyType) ?? 'string',
    options: isRecord(props.keyOptions) ? props.keyOptions : null,
  };
  const valueSide: Side = {
    interfaceId: str(props.valueInterface) ?? 'text-input',
    type: str(props.valueDataType) ?? str(props.valueType) ?? 'string',
    options: isRecord(props.valueOptions) ? props.valueOptions : null,
  };

  const emit = (next: Pair[], ids: string[]) => {
    rowIds.set(ids);
    const value = objectOf(next);
    setState({ source: value, pairs: next });
    props.onChange(value);
  };
  const set = (index: number, side: keyof Pair, entry: unknown) =>
    emit(
      pairs.map((pair, at) => (at === index ? { ...pair, [side]: entry } : pair)),
      rowIds.ids,
    );

  if (!registry) return null;
  const labelOf = (id: string) => {
    const pair = pairs[rowIds.ids.indexOf(id)];
    return emptyKey(pair?.key) ? t('interfaces.structured.empty_key') : String(pair.key);
  };
  return (
    <div id={props.id} className="octavo-key-value" role="group" aria-describedby={props.describedBy}>
      {pairs.length > 0 && (
        <SortableList
          ids={rowIds.ids}
          labelOf={labelOf}
          disabled={props.disabled}
          onMove={(from, to) => emit(move(pairs, from, to), move(rowIds.ids, from, to))}
        >
          <ul className="octavo-key-value__rows">
            {pairs.map((pair, index) => (
              <KeyValueRow
                key={rowIds.ids[index]}
                id={rowIds.ids[index]}
                domId={`${props.id}-${rowIds.ids[index]}`}
                number={index + 1}
                pair={pair}
                label={labelOf(rowIds.ids[index])}
                duplicate={duplicates.has(index)}
                registry={registry}
                keySide={keySide}
                valueSide={valueSide}
                disabled={props.disabled}
                newItem={props.newItem}
                onKey={(entry) => set(index, 'key', entry)}
                onValue={(entry) => set(index, 'value', entry)}
                onRemove={() =>
                  emit(
                    pairs.filter((_, at) => at !== index),
                    rowIds.ids.filter((_, at) => at !== index),
                  )
                }
              />
            ))}
          </ul>
        </SortableList>
      )}
      {!props.disabled && (
        <Button
          variant="secondary"
          size="small"
          icon="add"
          onClick={() => emit([...pairs, { key: null, value: null }], [...rowIds.ids, rowIds.fresh()])}
        >
          {t('interfaces.structured.add_pair')}
        </Button>
      )}
    </div>
  );
}

interface KeyValueRowProps {
  id: string;
  domId: string;
  number: number;
  pair: Pair;
  label: string;
  duplicate: boolean;
  registry: DefinitionRegistry;
  keySide: Side;
  valueSide: Side;
  disabled: boolean;
  newItem: boolean;
  onKey: (value: unknown) => void;
  onValue: (value: unknown) => void;
  onRemove: () => void;
}

function KeyValueRow(props: KeyValueRowProps) {
  const t = useEngineT();
  const sortable = useSortableRow({
    id: props.id,
    handleId: `${props.domId}-handle`,
    label: t('interfaces.structured.move_pair', { key: props.label }),
    disabled: props.disabled,
  });
  const duplicateId = `${props.domId}-duplicate`;
  const row = { key: props.pair.key, value: props.pair.value };
  return (
    <li
      ref={sortable.setNodeRef}
      style={sortable.style}
      className={`octavo-key-value__row${props.duplicate ? ' octavo-key-value__row--duplicate' : ''}${sortable.dragging ? ' octavo-structured--dragging' : ''}`}
    >
      {sortable.handle}
      <Cell
        side={props.keySide}
        registry={props.registry}
        id={`${props.domId}-key`}
        field="key"
        label={t('interfaces.structured.key_label', { number: props.number })}
        value={props.pair.key}
        row={row}
        disabled={props.disabled}
        newItem={props.newItem}
        describedBy={props.duplicate ? duplicateId : undefined}
        onChange={props.onKey}
      />
      <Cell
        side={props.valueSide}
        registry={props.registry}
        id={`${props.domId}-value`}
        field="value"
        label={t('interfaces.structured.value_label', { number: props.number })}
        value={props.pair.value}
        row={row}
        disabled={props.disabled}
        newItem={props.newItem}
        onChange={props.onValue}
      />
      {!props.disabled && (
        <IconButton
          icon="delete"
          size="small"
          label={t('interfaces.structured.remove_pair', { key: props.label })}
          onClick={props.onRemove}
        />
      )}
      {props.duplicate && (
        <p id={duplicateId} className="octavo-key-value__duplicate" role="alert">
          {t('interfaces.structured.duplicate_key', { key: props.label })}
        </p>
      )}
    </li>
  );
}

interface CellProps {
  side: Side;
  registry: DefinitionRegistry;
  id: string;
  field: string;
  label: string;
  value: unknown;
  row: Record<string, unknown>;
  disabled: boolean;
  newItem: boolean;
  describedBy?: string;
  onChange: (value: unknown) => void;
}

/** One key or value, drawn by the interface the options name. */
function Cell(props: CellProps) {
  const { side, registry } = props;
  const resolved = useMemo(() => registry.resolveInterface(side.interfaceId), [registry, side.interfaceId]);
  const definition: FieldDefinition = useMemo(
    () => ({
      field: props.field,
      name: props.label,
      type: side.type,
      interface: side.interfaceId,
      options: side.options,
    }),
    [props.field, props.label, side],
  );
  const bound = useMemo(() => {
    const options = optionsWithDefaults(resolved.definition, resolved.fallback ? {} : side.options);
    return resolveBindingProps(resolved.definition.binding, {
      options,
      field: definition,
      form: { newItem: props.newItem },
      definitionOptions: resolved.definition.options,
    });
  }, [resolved, side.options, definition, props.newItem]);
  const Interface = resolved.Component;
  return (
    <div className={`octavo-key-value__cell octavo-key-value__cell--${props.field}`}>
      <label htmlFor={props.id} className="octavo-visually-hidden">
        {props.label}
      </label>
      <Interface
        {...bound}
        id={props.id}
        value={props.value}
        onChange={props.onChange}
        disabled={props.disabled}
        required={false}
        describedBy={props.describedBy}
        field={definition}
        values={props.row}
        newItem={props.newItem}
      />
    </div>
  );
}
