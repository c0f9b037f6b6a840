import './CheckboxGroup.css';
import type { Choice } from './types';

export interface CheckboxGroupProps {
  id?: string;
  choices: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** One column instead of a grid. */
  single?: boolean | null;
  label?: string;
}

export function CheckboxGroup(props: CheckboxGroupProps) {
  const selected = new Set(props.value);
  // Values that are not among the choices (e.g. "other" entries) stay visible and can be unticked.
  const extra = props.value.filter((value) => !props.choices.some((choice) => choice.value === value));
  const all = [...props.choices, ...extra.map((value) => ({ value, label: value }))];
  return (
    <div
      id={props.id}
      role="group"
      aria-label={props.label}
      className={`octavo-checkboxes${props.single ? ' octavo-checkboxes--single' : ''}`}
    >
      {all.map((choice) => (
        <label key={choice.value} className="octavo-checkboxes__choice">
          <input
            type="checkbox"
            checked={selected.has(choice.value)}
            disabled={props.disabled}
            onChange={(event) => {
              const next = event.target.checked
                ? [...props.value, choice.value]
                : props.value.filter((value) => value !== choice.value);
              props.onChange(next);
            }}
          />
          <span>{choice.label}</span>
        </label>
      ))}
    </div>
  );
}
