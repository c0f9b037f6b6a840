import { useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../../ui';
import { useEngineT } from '../../i18n';
import { toChoices } from '../choices';
import type { InterfaceComponentProps } from '../contract';
import { num, str } from './values';
import './pickers.css';

/** Array fields hold arrays; a string field holds `a,b`, or `,a,b,` with wrapWithDelimiter. */
export function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').filter((entry) => entry !== '');
  return [];
}

function fromList(list: string[], props: InterfaceComponentProps): unknown {
  if (list.length === 0) return null;
  if (props.field.type !== 'string') return list;
  return props.wrap === false ? list.join(',') : `,${list.join(',')},`;
}

/**
 * Several of a list of choices: a listbox with multiple selection (Space or click toggles, arrows
 * move, Ctrl+A selects all), `size` rows tall; the chosen ones keep the choices' order.
 */
export default function Multiselect(props: InterfaceComponentProps) {
  const t = useEngineT();
  const choices = toChoices(props.choices ?? {}, true);
  const labelOf = (value: string) =>
    props.formatting === 'value' ? value : (choices.find((choice) => choice.value === value)?.label ?? value);
  const selected = toList(props.value);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const rows = Math.max(2, Math.round(num(props.size, 6)));
  // Values no longer among the choices stay visible (and removable).
  const all = [
    ...choices.map((choice) => choice.value),
    ...selected.filter((v) => !choices.some((c) => c.value === v)),
  ];

  const toggle = (value: string) => {
    if (props.disabled) return;
    const next = selected.includes(value)
      ? selected.filter((entry) => entry !== value)
      : [...selected, value];
    props.onChange(
      fromList(
        all.filter((entry) => next.includes(entry)),
        props,
      ),
    );
  };
  const optionId = (index: number) => `${props.id}-option-${index}`;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (event.key === 'ArrowDown') next = Math.min(all.length - 1, active + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, active - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      if (all[active] !== undefined) toggle(all[active]);
      return;
    } else if (event.key.toLowerCase() === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (!props.disabled) props.onChange(fromList(selected.length === all.length ? [] : all, props));
      return;
    }
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    list.current?.querySelector(`[id="${optionId(next)}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  return (
    <div className="pickers-multiselect">
      <div
        ref={list}
        id={props.id}
        role="listbox"
        aria-multiselectable="true"
        aria-label={props.field.name ?? props.field.field}
        aria-describedby={props.describedBy}
        aria-activedescendant={all.length ? optionId(active) : undefined}
        aria-disabled={props.disabled || undefined}
        tabIndex={props.disabled ? -1 : 0}
        className="pickers-multiselect__list"
        style={{ maxHeight: `calc(${rows} * var(--pickers-row, 36px) + 2px)` }}
        onKeyDown={onKeyDown}
      >
        {all.map((value, index) => {
          const on = selected.includes(value);
          return (
            <div
              key={value}
              id={optionId(index)}
              role="option"
              aria-selected={on}
              aria-disabled={props.disabled || undefined}
              className={`pickers-multiselect__option${index === active ? ' pickers-multiselect__option--active' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                setActive(index);
                list.current?.focus();
                toggle(value);
              }}
            >
              <Icon name={on ? 'check_box' : 'check_box_outline_blank'} size="small" />
              <span>{labelOf(value)}</span>
              {labelOf(value).toLowerCase() !== value.replace(/[_-]+/g, ' ').toLowerCase() && (
                // The stored key beside a label that does not spell it (as the language picker shows
                // codes): what a filter or the API sees. The label alone names the option for
                // assistive technology.
                <code className="pickers-multiselect__key" aria-hidden="true">
                  {value}
                </code>
              )}
            </div>
          );
        })}
      </div>
      <p className="pickers-multiselect__summary" aria-live="polite">
        {selected.length
          ? t('interfaces.pickers.multiselect_selected', { count: selected.length })
          : (str(props.placeholder) ?? t('interfaces.pickers.multiselect_none'))}
      </p>
    </div>
  );
}
