import { Icon } from '../../../ui';
import { toChoices } from '../choices';
import type { InterfaceComponentProps } from '../contract';
import { radioKeyDown } from './radio-keys';
import './pickers.css';

interface ButtonChoice {
  value: string;
  label: string;
  icon?: string;
}

/** Repeater rows `{label, value, icon}` (Directus 8), or the value: label object other choices use. */
export function buttonChoices(choices: unknown): ButtonChoice[] {
  const list = toChoices(choices);
  if (!Array.isArray(choices)) return list;
  return list.map((choice, index) => {
    const row = choices[index] as Record<string, unknown> | null;
    const icon =
      row && typeof row === 'object' && typeof row.icon === 'string' && row.icon ? row.icon : undefined;
    return { ...choice, icon };
  });
}

/** One choice of a few, as a row of joined buttons (a radio group); theme solid or outline. */
export default function ButtonGroup(props: InterfaceComponentProps) {
  const choices = buttonChoices(props.choices);
  const value = props.value === null || props.value === undefined ? null : String(props.value);
  const selected = choices.findIndex((choice) => choice.value === value);
  const theme = props.theme === 'outline' ? 'outline' : 'solid';
  const choose = (index: number) => {
    if (!props.disabled) props.onChange(choices[index].value);
  };
  return (
    <div
      id={props.id}
      role="radiogroup"
      aria-label={props.field.name ?? props.field.field}
      aria-describedby={props.describedBy}
      className={`pickers-buttons pickers-buttons--${theme}`}
    >
      {choices.map((choice, index) => (
        <button
          key={choice.value}
          type="button"
          role="radio"
          aria-checked={index === selected}
          tabIndex={index === (selected === -1 ? 0 : selected) ? 0 : -1}
          disabled={props.disabled}
          className="pickers-buttons__button"
          onClick={() => choose(index)}
          onKeyDown={(event) => radioKeyDown(event, index, choices.length, choose)}
        >
          {choice.icon && <Icon name={choice.icon} size="small" />}
          <span>{choice.label}</span>
        </button>
      ))}
    </div>
  );
}
