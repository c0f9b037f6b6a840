import './TextInput.css';
import './TagsInput.css';
import { useState, type KeyboardEvent } from 'react';

export interface TagsInputProps {
  id?: string;
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  placeholder?: string | null;
  /** The words of the remove button of one tag (English by default; the form engine passes its catalogue's). */
  removeLabel?: (tag: string) => string;
  /** Shown for a tag the validation rejects when no validationMessage is given. */
  invalidText?: string;
  alphabetize?: boolean | null;
  lowercase?: boolean | null;
  /** Replaces spaces and symbols with dashes. */
  sanitize?: boolean | null;
  /** A regular expression each new tag must match. */
  validation?: string | null;
  validationMessage?: string | null;
  describedBy?: string;
}

export function TagsInput(props: TagsInputProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function normalise(text: string): string {
    let tag = text.trim();
    if (props.lowercase) tag = tag.toLowerCase();
    if (props.sanitize) tag = tag.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '');
    return tag;
  }

  function add(text: string) {
    const tags = text.split(',').map(normalise).filter(Boolean);
    if (tags.length === 0) return;
    if (props.validation) {
      const pattern = safePattern(props.validation);
      if (pattern && tags.some((tag) => !pattern.test(tag))) {
        setProblem(props.validationMessage ?? props.invalidText ?? 'Invalid tag');
        return;
      }
    }
    const next = [...props.value];
    for (const tag of tags) if (!next.includes(tag)) next.push(tag);
    if (props.alphabetize) next.sort((a, b) => a.localeCompare(b));
    setDraft('');
    setProblem(null);
    props.onChange(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && props.value.length > 0) {
      props.onChange(props.value.slice(0, -1));
    }
  }

  return (
    <div className="octavo-tags">
      <input
        id={props.id}
        className="octavo-input"
        value={draft}
        disabled={props.disabled}
        placeholder={props.placeholder ?? undefined}
        aria-describedby={props.describedBy}
        aria-invalid={problem ? true : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => add(draft)}
      />
      {problem && <span className="octavo-tags__problem">{problem}</span>}
      <ul className="octavo-tags__list">
        {props.value.map((tag) => (
          <li key={tag} className="octavo-tag">
            {tag}
            {!props.disabled && (
              <button
                type="button"
                aria-label={props.removeLabel ? props.removeLabel(tag) : `Remove ${tag}`}
                onClick={() => props.onChange(props.value.filter((other) => other !== tag))}
              >
                ×
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function safePattern(source: string): RegExp | null {
  // Accept both `^[a-z]+$` and PHP-style delimited `/^[a-z]+$/i`.
  const delimited = /^\/(.*)\/([a-z]*)$/.exec(source);
  try {
    return delimited ? new RegExp(delimited[1], delimited[2].replace(/[^imsu]/g, '')) : new RegExp(source);
  } catch {
    return null;
  }
}
