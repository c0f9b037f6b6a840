import type { ChangeEvent, Ref } from 'react';
import { Icon } from './Icon';
import './TextInput.css';

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
  /** The input's type when it is not masked (email and url get the matching keyboard and autofill). */
  type?: 'text' | 'email' | 'url' | 'search' | 'tel' | 'password';
  required?: boolean;
  autoFocus?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'email' | 'url' | 'search' | 'tel';
  ref?: Ref<HTMLInputElement>;
}

export function TextInput(props: TextInputProps) {
  const { value, onChange, maxLength } = props;
  const text = value ?? '';
  const limit = maxLength && maxLength > 0 ? maxLength : undefined;
  return (
    <span className={`octavo-input${props.monospace ? ' octavo-input--monospace' : ''}`}>
      {props.iconLeft && <Icon name={props.iconLeft} size="small" className="octavo-input__icon" />}
      <input
        id={props.id}
        ref={props.ref}
        type={props.masked ? 'password' : (props.type ?? 'text')}
        // The value's own direction (an English title or a URL in Arabic reads and edits left to right).
        dir="auto"
        required={props.required}
        autoFocus={props.autoFocus}
        inputMode={props.inputMode}
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
      {props.iconRight && <Icon name={props.iconRight} size="small" className="octavo-input__icon" />}
      {props.showCharacterCount && limit && !props.disabled && (
        <span className="octavo-input__count">{limit - text.length}</span>
      )}
    </span>
  );
}
