import { Icon } from './Icon';
import './TextInput.css';
import { useState } from 'react';

export interface NumberInputProps {
  id?: string;
  value: number | null | undefined;
  /** Called with null when the input is emptied. */
  onChange: (value: number | null) => void;
  disabled?: boolean;
  placeholder?: string | null;
  /** Whole numbers only. */
  integer?: boolean;
  step?: number;
  min?: number;
  max?: number;
  monospace?: boolean | null;
  iconLeft?: string | null;
  iconRight?: string | null;
  invalid?: boolean;
  describedBy?: string;
}

export function NumberInput(props: NumberInputProps) {
  // Keep what the user typed ("1." or "-") while it is not yet a number.
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? (props.value == null ? '' : String(props.value));
  return (
    <span className={`octavo-input${props.monospace ? ' octavo-input--monospace' : ''}`}>
      {props.iconLeft && <Icon name={props.iconLeft} size="small" className="octavo-input__icon" />}
      <input
        id={props.id}
        type="text"
        inputMode={props.integer ? 'numeric' : 'decimal'}
        value={shown}
        disabled={props.disabled}
        placeholder={props.placeholder ?? undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => {
          const text = event.target.value.trim();
          if (text === '') {
            setDraft(null);
            props.onChange(null);
            return;
          }
          const number = props.integer ? Number.parseInt(text, 10) : Number(text);
          const complete = props.integer ? /^-?\d+$/.test(text) : /^-?\d+(\.\d+)?$/.test(text);
          if (complete && Number.isFinite(number)) {
            // "-0", "0.0", "1.50" are numbers already, but the text stays as typed until blur (else
            // the minus or the zeros vanish and "-0.12" or "0.05" cannot be typed).
            setDraft(String(number) === text ? null : event.target.value);
            props.onChange(number);
          } else {
            setDraft(event.target.value);
          }
        }}
        onBlur={() => setDraft(null)}
      />
      {props.iconRight && <Icon name={props.iconRight} size="small" className="octavo-input__icon" />}
    </span>
  );
}
