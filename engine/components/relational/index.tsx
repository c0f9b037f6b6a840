import { useContext, useEffect, useState } from 'react';
import './relational.css';
import { IconButton, Select } from '../../../ui';
import { renderTemplate } from '../../templates/render-template';
import { coreDisplays } from '../../displays/displays';
import type { DisplayComponent } from '../../displays/displays';
import {
  FormServicesContext,
  type InterfaceComponent,
  type InterfaceComponentProps,
  type RelatedItems,
} from '../contract';

/** Loads the items a relational field can point at, once per field. */
function useRelatedItems(props: InterfaceComponentProps, limit: number): RelatedItems | null {
  const { loadRelatedItems } = useContext(FormServicesContext);
  const [result, setResult] = useState<RelatedItems | null>(null);
  const field = props.field;
  useEffect(() => {
    if (!loadRelatedItems) return;
    let live = true;
    loadRelatedItems(field, { limit }).then(
      (answer) => live && setResult(answer),
      () => live && setResult({ items: [], primaryKey: 'id' }),
    );
    return () => {
      live = false;
    };
  }, [loadRelatedItems, field, limit]);
  return result;
}

function keyOf(value: unknown, primaryKey: string): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'object') {
    const key = (value as Record<string, unknown>)[primaryKey];
    return key === null || key === undefined ? null : String(key);
  }
  return String(value);
}

function labelOf(item: Record<string, unknown>, primaryKey: string, template: unknown): string {
  const text = typeof template === 'string' && template ? renderTemplate(template, item).trim() : '';
  return text || String(item[primaryKey]);
}

/**
 * many-to-one, user, file: pick one related item; the value becomes its primary key. A dropdown up to the
 * threshold; when the app provides an item picker, a button opens it, and it replaces the dropdown when the
 * related collection holds more items than the threshold.
 */
export function ItemSelect(props: InterfaceComponentProps) {
  const { pickItem } = useContext(FormServicesContext);
  const related = useRelatedItems(props, Number(props.threshold ?? 200) || 200);
  const [picked, setPicked] = useState<Record<string, unknown> | null>(null);
  const primaryKey = related?.primaryKey ?? 'id';
  const current = keyOf(props.value, primaryKey);
  const choices = (related?.items ?? []).map((item) => ({
    value: String(item[primaryKey]),
    label: labelOf(item, primaryKey, props.template),
  }));
  // The current value stays selectable even when it is not among the loaded items.
  let currentLabel = current;
  if (current !== null) {
    const source =
      picked && keyOf(picked, primaryKey) === current
        ? picked
        : typeof props.value === 'object'
          ? (props.value as Record<string, unknown>)
          : null;
    currentLabel =
      choices.find((choice) => choice.value === current)?.label ??
      (source ? labelOf(source, primaryKey, props.template) : current);
    if (!choices.some((choice) => choice.value === current))
      choices.unshift({ value: current, label: currentLabel });
  }
  const canPick = Boolean(pickItem) && !props.disabled;
  const openPicker = () => {
    pickItem?.(props.field, props.value).then((choice) => {
      if (!choice) return;
      setPicked(choice.item);
      props.onChange(choice.item[choice.primaryKey] ?? null);
    });
  };
  if (canPick && related?.more) {
    return (
      <div className="octavo-item-select">
        <span id={props.id} className="octavo-item-select__value" aria-describedby={props.describedBy}>
          {currentLabel ?? (props.placeholder as string | undefined) ?? ''}
        </span>
        <IconButton icon="search" label="Choose an item" onClick={openPicker} />
        {props.value != null && (
          <IconButton icon="close" label="Remove the selection" onClick={() => props.onChange(null)} />
        )}
      </div>
    );
  }
  return (
    <div className="octavo-item-select">
      <Select
        id={props.id}
        choices={choices}
        value={current}
        disabled={props.disabled}
        placeholder={(props.placeholder as string | undefined) ?? undefined}
        describedBy={props.describedBy}
        onChange={(key) => {
          if (key === null) return props.onChange(null);
          const item = related?.items.find((candidate) => String(candidate[primaryKey]) === key);
          const raw = item ? item[primaryKey] : key;
          props.onChange(raw);
        }}
      />
      {canPick && <IconButton icon="search" label="Choose an item" onClick={openPicker} />}
    </div>
  );
}

/** file: a preview of the chosen file, a picker and a remove button. */
export function FilePicker(props: InterfaceComponentProps) {
  const Preview = coreDisplays.file;
  return (
    <div className="octavo-file">
      <Preview value={props.value} field={props.field} />
      <ItemSelect {...props} template="{{ title }}" placeholder="Choose a file" />
      {!props.disabled && props.value != null && (
        <IconButton icon="close" label="Remove file" onClick={() => props.onChange(null)} />
      )}
    </div>
  );
}

/**
 * one-to-many: the related items as a list, each removable, plus a picker to add one. Removed items
 * are sent as `{pk, $delete: true}` when delete_mode is `item`, else simply left out of the list.
 */
export function ItemList(props: InterfaceComponentProps) {
  const related = useRelatedItems(props, 200);
  const primaryKey = related?.primaryKey ?? 'id';
  const entries = (Array.isArray(props.value) ? props.value : []) as Record<string, unknown>[];
  const visible = entries.filter((entry) => entry?.$delete !== true);
  const taken = new Set(visible.map((entry) => keyOf(entry, primaryKey)));
  const addable = (related?.items ?? [])
    .filter((item) => !taken.has(String(item[primaryKey])))
    .map((item) => ({ value: String(item[primaryKey]), label: labelOf(item, primaryKey, props.template) }));

  function remove(entry: Record<string, unknown>) {
    const rest = entries.filter((other) => other !== entry);
    const key = entry[primaryKey];
    props.onChange(
      props.deleteMode === 'item' && key != null ? [...rest, { [primaryKey]: key, $delete: true }] : rest,
    );
  }

  return (
    <div className="octavo-item-list">
      <ul>
        {visible.map((entry, index) => (
          <li key={keyOf(entry, primaryKey) ?? `new-${index}`}>
            <span>{labelOf(entry, primaryKey, props.template)}</span>
            {!props.disabled && (
              <IconButton
                icon="close"
                label={`Remove ${labelOf(entry, primaryKey, props.template)}`}
                onClick={() => remove(entry)}
              />
            )}
          </li>
        ))}
      </ul>
      {!props.disabled && props.allowSelect !== false && (
        <Select
          id={props.id}
          choices={addable}
          value={null}
          placeholder="Add an existing item"
          describedBy={props.describedBy}
          onChange={(key) => {
            const item = related?.items.find((candidate) => String(candidate[primaryKey]) === key);
            if (item) props.onChange([...entries, item]);
          }}
        />
      )}
    </div>
  );
}

/** The relational family's interface components, by the id a definition's `binding.component` names. */
export const relationalComponents: Record<string, InterfaceComponent> = {
  'item-select': ItemSelect,
  'item-list': ItemList,
  file: FilePicker,
};

/** The relational family's displays, by the id a definition's `display.component` names. */
export const relationalDisplays: Record<string, DisplayComponent> = {};
