import './Textarea.css';
export interface TextareaProps {
  id?: string;
  value: string | null | undefined;
  onChange: (value: string) => void;
  disabled?: boolean;
  rows?: number | null;
  placeholder?: string | null;
  maxLength?: number | null;
  serif?: boolean | null;
  monospace?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

export function Textarea(props: TextareaProps) {
  const classes = [
    'octavo-textarea',
    props.serif && 'octavo-textarea--serif',
    props.monospace && 'octavo-textarea--monospace',
  ];
  return (
    <textarea
      id={props.id}
      className={classes.filter(Boolean).join(' ')}
      // The text's own direction, as for TextInput.
      dir="auto"
      value={props.value ?? ''}
      rows={props.rows ?? 8}
      disabled={props.disabled}
      placeholder={props.placeholder ?? undefined}
      maxLength={props.maxLength && props.maxLength > 0 ? props.maxLength : undefined}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
