import './Textarea.css';
import './JsonEditor.css';
import { useState } from 'react';

export interface JsonEditorProps {
  id?: string;
  value: unknown;
  /** Called with the parsed value once the text is valid JSON (null when emptied). */
  onChange: (value: unknown) => void;
  disabled?: boolean;
  rows?: number;
  placeholder?: string;
  describedBy?: string;
}

const show = (value: unknown) =>
  value === undefined || value === null ? '' : JSON.stringify(value, null, 2);

export function JsonEditor(props: JsonEditorProps) {
  // The text being typed is kept until it parses; the value only changes on valid JSON.
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  return (
    <div className="octavo-json">
      <textarea
        id={props.id}
        className="octavo-textarea octavo-textarea--monospace"
        rows={props.rows ?? 8}
        value={draft ?? show(props.value)}
        disabled={props.disabled}
        placeholder={props.placeholder}
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={props.describedBy}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          if (text.trim() === '') {
            setInvalid(false);
            props.onChange(null);
            return;
          }
          try {
            props.onChange(JSON.parse(text));
            setInvalid(false);
          } catch {
            setInvalid(true);
          }
        }}
        onBlur={() => {
          if (!invalid) setDraft(null);
        }}
      />
      {invalid && <span className="octavo-json__problem">Not valid JSON</span>}
    </div>
  );
}
