import type { ChangeEvent } from 'react';

export interface TextInputProps {
  id?: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  placeholder?: string | null;
  maxLength?: number | null;
  monospace?: boolean | null;
  iconLeft?: string | null;
  iconRight?: string | null;
  /** Shows dots instead of the characters (passwords). */
  masked?: boolean | null;
  /** Removes leading and trailing spaces when the input loses focus. */
  trim?: boolean | null;
  showCharacterCount?: boolean | null;
  autoComplete?: string;
  invalid?: boolean;
  describedBy?: string;
}

export function TextInput(props: TextInputProps) {
  const { value, onChange, maxLength } = props;
  const text = value ?? '';
  const limit = maxLength && maxLength > 0 ? maxLength : undefined;
  return (
    <span className={`octavo-input${props.monospace ? ' octavo-input--monospace' : ''}`}>
      {props.iconLeft && (
        <i className="octavo-icon" aria-hidden="true">
          {props.iconLeft}
        </i>
      )}
      <input
        id={props.id}
        type={props.masked ? 'password' : 'text'}
        value={text}
        disabled={props.disabled}
        placeholder={props.placeholder ?? undefined}
        maxLength={limit}
        autoComplete={props.autoComplete}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={() => {
          if (props.trim && text !== text.trim()) onChange(text.trim());
        }}
      />
      {props.iconRight && (
        <i className="octavo-icon" aria-hidden="true">
          {props.iconRight}
        </i>
      )}
      {props.showCharacterCount && limit && !props.disabled && (
        <span className="octavo-input__count">{limit - text.length}</span>
      )}
    </span>
  );
}
