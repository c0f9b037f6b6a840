import { useId, useRef, useState, type DragEvent } from 'react';
import { Button } from './Button';
import { Icon } from './Icon';
import './Dropzone.css';

export interface DropzoneProps {
  /** The invitation, e.g. "Drop files here". */
  label: string;
  /** The file chooser button's text. */
  buttonLabel: string;
  /** A second line: accepted types, size limit. */
  hint?: string;
  onFiles: (files: File[]) => void;
  /** The file chooser's filter, e.g. "image/*". */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Shows the drag-over look without a drag (reviews). */
  dragOver?: boolean;
}

/** Where files are dropped or chosen; what happens to them (upload, preview) is the caller's business. */
export function Dropzone({
  label,
  buttonLabel,
  hint,
  onFiles,
  accept,
  multiple = true,
  disabled,
  dragOver,
}: DropzoneProps) {
  const [depth, setDepth] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const over = !disabled && (dragOver ?? depth > 0);
  const hasFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');
  return (
    <div
      className={`octavo-dropzone${over ? ' octavo-dropzone--over' : ''}${disabled ? ' octavo-dropzone--disabled' : ''}`}
      onDragEnter={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        setDepth((d) => d + 1);
      }}
      onDragOver={(event) => {
        if (disabled || !hasFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => setDepth((d) => Math.max(0, d - 1))}
      onDrop={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDepth(0);
        const files = [...event.dataTransfer.files];
        if (files.length) onFiles(multiple ? files : files.slice(0, 1));
      }}
    >
      <Icon name={over ? 'download' : 'cloud_upload'} size="large" className="octavo-dropzone__icon" />
      <p className="octavo-dropzone__label">{label}</p>
      {hint && (
        <p className="octavo-dropzone__hint" id={hintId}>
          {hint}
        </p>
      )}
      <Button
        variant="secondary"
        icon="folder_open"
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => input.current?.click()}
      >
        {buttonLabel}
      </Button>
      <input
        ref={input}
        type="file"
        hidden
        tabIndex={-1}
        accept={accept}
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </div>
  );
}
