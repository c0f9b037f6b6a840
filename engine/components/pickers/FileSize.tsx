import { useState } from 'react';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { formatBytes, parseBytes } from './file-size';
import { bool, str, useUserLocale } from './values';
import './pickers.css';

/**
 * A byte count (integer). Shown as `2.4 MB` while not being edited (`format`); typing accepts
 * `2 MB`, `512 KiB` or plain bytes (`formatInput`), committed on blur or Enter.
 */
export default function FileSize(props: InterfaceComponentProps) {
  const t = useEngineT();
  const formatShown = bool(props.format, true);
  const formatInput = bool(props.formatInput, true);
  const decimal = bool(props.decimal, true);
  const value =
    props.value === null || props.value === undefined || props.value === '' ? null : Number(props.value);
  const [draft, setDraft] = useState<string | null>(null);
  const [invalid, setInvalid] = useState(false);
  const locale = useUserLocale();
  const shown =
    draft ??
    (value === null || Number.isNaN(value)
      ? ''
      : formatShown
        ? formatBytes(value, decimal, locale)
        : String(value));
  const errorId = `${props.id}-error`;

  const commit = () => {
    if (draft === null) return;
    const text = draft.trim();
    if (text === '') {
      setDraft(null);
      setInvalid(false);
      if (value !== null) props.onChange(null);
      return;
    }
    const bytes = formatInput ? parseBytes(text, decimal) : /^\d+$/.test(text) ? Number(text) : null;
    if (bytes === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setDraft(null);
    if (bytes !== value) props.onChange(bytes);
  };

  return (
    <div className="pickers-file-size">
      <span className="octavo-input">
        <input
          id={props.id}
          type="text"
          inputMode={formatInput ? 'text' : 'numeric'}
          value={shown}
          disabled={props.disabled}
          placeholder={
            str(props.placeholder) ??
            (formatInput ? t('interfaces.pickers.file_size_placeholder') : undefined)
          }
          aria-invalid={invalid || undefined}
          aria-describedby={
            [invalid ? errorId : null, props.describedBy].filter(Boolean).join(' ') || undefined
          }
          onChange={(event) => setDraft(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
      </span>
      {value !== null && formatShown && draft === null && (
        <span className="pickers-file-size__bytes">
          {t('interfaces.pickers.file_size_bytes', { count: value })}
        </span>
      )}
      {invalid && (
        <span id={errorId} className="pickers-error" role="alert">
          {t(
            formatInput
              ? 'interfaces.pickers.file_size_invalid'
              : 'interfaces.pickers.file_size_invalid_bytes',
          )}
        </span>
      )}
    </div>
  );
}
