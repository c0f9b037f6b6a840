import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { TextInput } from '../../../ui/TextInput';
import { useEngineT } from '../../i18n';
import { toChoices } from '../choices';
import type { InterfaceComponentProps } from '../contract';
import { SortableList, useSortableRow } from './Sortable';
import { bool, fromList, move, toList } from './values';
import '../../../ui/CheckboxGroup.css';
import './structured.css';

interface Entry {
  value: string;
  label: string;
  checked: boolean;
}

/**
 * The entries in the order shown: with `draggable`, the checked values first in the stored order
 * (which the user sorts), then the unchecked choices; otherwise the choices, then any other values.
 */
export function entriesOf(
  choices: { value: string; label: string }[],
  selected: string[],
  draggable: boolean,
) {
  const labels = new Map(choices.map((choice) => [choice.value, choice.label]));
  const checked = new Set(selected);
  const extra = selected.filter((value) => !labels.has(value));
  if (draggable) {
    return [
      ...selected.map((value) => ({ value, label: labels.get(value) ?? value, checked: true })),
      ...choices
        .filter((choice) => !checked.has(choice.value))
        .map((choice) => ({ ...choice, checked: false })),
    ];
  }
  return [
    ...choices.map((choice) => ({ ...choice, checked: checked.has(choice.value) })),
    ...extra.map((value) => ({ value, label: value, checked: true })),
  ];
}

/**
 * Checkboxes (schema-v8 §4.2): `choices`, `allow_other` (a text entry adds a value of one's own),
 * `draggable` (the checked values are sorted by drag or keyboard and stored in that order), `wrap`
 * (`,a,b,` in string fields), `formatting` (labels or raw values) and `single` (one column).
 */
export default function Checkboxes(props: InterfaceComponentProps) {
  const t = useEngineT();
  const [other, setOther] = useState('');
  const selected = toList(props.value);
  const draggable = bool(props.draggable);
  const entries: Entry[] = entriesOf(
    toChoices(props.choices, props.formatting !== false),
    selected,
    draggable,
  );
  const emit = (list: string[]) => props.onChange(fromList(list, props));
  const toggle = (value: string, on: boolean) =>
    emit(on ? [...selected, value] : selected.filter((entry) => entry !== value));
  const addOther = () => {
    const value = other.trim();
    if (!value) return;
    setOther('');
    if (!selected.includes(value)) emit([...selected, value]);
  };
  const label = props.field.name ?? props.field.field;
  const single = draggable || bool(props.single);
  const box = (entry: Entry) => (
    <label className="octavo-checkboxes__choice">
      <input
        type="checkbox"
        checked={entry.checked}
        disabled={props.disabled}
        onChange={(event) => toggle(entry.value, event.target.checked)}
      />
      <span>{entry.label}</span>
    </label>
  );

  return (
    <div className="octavo-structured-checkboxes">
      <div
        id={props.id}
        role="group"
        aria-label={label}
        aria-describedby={props.describedBy}
        className={`octavo-checkboxes${single ? ' octavo-checkboxes--single' : ''}`}
      >
        {draggable ? (
          <SortableList
            ids={selected}
            labelOf={(value) => entries.find((entry) => entry.value === value)?.label ?? value}
            disabled={props.disabled}
            onMove={(from, to) => emit(move(selected, from, to))}
          >
            {entries.map((entry) =>
              entry.checked ? (
                <SortableChoice
                  key={entry.value}
                  entry={entry}
                  handleId={`${props.id}-handle-${encodeURIComponent(entry.value)}`}
                  disabled={props.disabled}
                >
                  {box(entry)}
                </SortableChoice>
              ) : (
                <div key={entry.value} className="octavo-checkboxes__row">
                  <span className="octavo-structured__handle-space" />
                  {box(entry)}
                </div>
              ),
            )}
          </SortableList>
        ) : (
          entries.map((entry) => <span key={entry.value}>{box(entry)}</span>)
        )}
      </div>
      {bool(props.allowOther) && !props.disabled && (
        <div
          className="octavo-checkboxes__other"
          onKeyDown={(event) => {
            if (event.key !== 'Enter' || (event.target as HTMLElement).tagName !== 'INPUT') return;
            event.preventDefault();
            addOther();
          }}
        >
          <label htmlFor={`${props.id}-other`} className="octavo-visually-hidden">
            {t('interfaces.structured.other_label')}
          </label>
          <TextInput
            id={`${props.id}-other`}
            value={other}
            onChange={setOther}
            placeholder={t('interfaces.structured.other_placeholder')}
          />
          <Button variant="secondary" size="small" icon="add" onClick={addOther} disabled={!other.trim()}>
            {t('interfaces.structured.other_add')}
          </Button>
        </div>
      )}
    </div>
  );
}

function SortableChoice(props: {
  entry: Entry;
  handleId: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  const t = useEngineT();
  const sortable = useSortableRow({
    id: props.entry.value,
    handleId: props.handleId,
    label: t('interfaces.structured.move_choice', { choice: props.entry.label }),
    disabled: props.disabled,
  });
  return (
    <div
      ref={sortable.setNodeRef}
      style={sortable.style}
      className={`octavo-checkboxes__row${sortable.dragging ? ' octavo-structured--dragging' : ''}`}
    >
      {sortable.handle}
      {props.children}
    </div>
  );
}
