import './TextInput.css';
export type DateTimeKind = 'datetime' | 'date' | 'time';

export interface DateTimeInputProps {
  id?: string;
  kind: DateTimeKind;
  /** `YYYY-MM-DD HH:mm:ss`, `YYYY-MM-DD` or `HH:mm:ss` (ISO with a T is accepted too). */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  min?: string | null;
  max?: string | null;
  invalid?: boolean;
  describedBy?: string;
}

const INPUT_TYPE = { datetime: 'datetime-local', date: 'date', time: 'time' } as const;

/** The browser's input wants `YYYY-MM-DDTHH:mm[:ss]`; the API speaks `YYYY-MM-DD HH:mm:ss`. */
function toInput(kind: DateTimeKind, value: string | null | undefined): string {
  if (!value) return '';
  if (kind === 'date') return value.slice(0, 10);
  if (kind === 'time') return value.slice(0, 8);
  return value.replace(' ', 'T').slice(0, 19);
}

function fromInput(kind: DateTimeKind, text: string): string | null {
  if (!text) return null;
  if (kind === 'date') return text;
  const withSeconds = (time: string) => (time.length === 5 ? `${time}:00` : time);
  if (kind === 'time') return withSeconds(text);
  const [date, time = '00:00'] = text.split('T');
  return `${date} ${withSeconds(time)}`;
}

export function DateTimeInput(props: DateTimeInputProps) {
  return (
    <input
      id={props.id}
      className="octavo-input octavo-datetime"
      type={INPUT_TYPE[props.kind]}
      step={props.kind === 'date' ? undefined : 1}
      value={toInput(props.kind, props.value)}
      min={toInput(props.kind, props.min) || undefined}
      max={toInput(props.kind, props.max) || undefined}
      disabled={props.disabled}
      aria-invalid={props.invalid || undefined}
      aria-describedby={props.describedBy}
      onChange={(event) => props.onChange(fromInput(props.kind, event.target.value))}
    />
  );
}
