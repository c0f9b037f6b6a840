import './Select.css';
import type { Choice } from './types';

export interface SelectProps {
  id?: string;
  choices: Choice[];
  value: string | null | undefined;
  /** Called with null when the placeholder entry is chosen. */
  onChange: (value: string | null) => void;
  disabled?: boolean;
  placeholder?: string | null;
  invalid?: boolean;
  describedBy?: string;
}

const EMPTY = '';

export function Select(props: SelectProps) {
  const value = props.value == null ? EMPTY : String(props.value);
  const unknown = value !== EMPTY && !props.choices.some((choice) => choice.value === value);
  return (
    <select
      id={props.id}
      className="octavo-select"
      value={value}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(event) => props.onChange(event.target.value === EMPTY ? null : event.target.value)}
    >
      <option value={EMPTY}>{props.placeholder ?? 'Choose one...'}</option>
      {props.choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
      {unknown && <option value={value}>{value}</option>}
    </select>
  );
}
