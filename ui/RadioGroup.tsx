import './RadioGroup.css';
import type { ReactNode } from 'react';
import type { Choice } from './types';

export interface RadioGroupProps {
  id?: string;
  /** The group's name attribute; also keeps two groups on a page apart. */
  name: string;
  choices: Choice[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  label?: string;
  /** Renders each choice's label (e.g. as a coloured badge). */
  renderLabel?: (choice: Choice) => ReactNode;
}

export function RadioGroup(props: RadioGroupProps) {
  return (
    <div id={props.id} role="radiogroup" aria-label={props.label} className="octavo-radios">
      {props.choices.map((choice) => (
        <label key={choice.value} className="octavo-radios__choice">
          <input
            type="radio"
            name={props.name}
            value={choice.value}
            checked={props.value === choice.value}
            disabled={props.disabled}
            onChange={() => props.onChange(choice.value)}
          />
          <span>{props.renderLabel ? props.renderLabel(choice) : choice.label}</span>
        </label>
      ))}
    </div>
  );
}
