import { useId, useState } from 'react';
import { Button, Icon } from '../../../ui';
import { fieldLabel } from '../../form/labels';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { CodeEditor } from './CodeEditor';
import { parseJsonText, sameJson, toJsonText, type JsonProblem } from './json-text';

export interface JsonCodeFieldProps extends InterfaceComponentProps {
  /** A MIME type; JSON unless the code interface names another. */
  language?: unknown;
  lineNumber?: unknown;
  /** Offered when the field is empty. */
  templateText?: string | null;
}

/**
 * Edits a JSON value as text: the value changes only while the text parses (objects stay objects,
 * numbers numbers); while it does not, the problem is shown in place with its line and column and
 * the last valid value stays staged.
 */
export function JsonCodeField(props: JsonCodeFieldProps) {
  const t = useEngineT();
  const problemId = useId();
  const [text, setText] = useState(() => toJsonText(props.value));
  const [problem, setProblem] = useState<JsonProblem | null>(null);
  // What we last reported: a value arriving that differs from it came from outside (undo, reset).
  const [reported, setReported] = useState<unknown>(props.value);
  if (!sameJson(props.value, reported)) {
    setReported(props.value);
    setText(toJsonText(props.value));
    setProblem(null);
  }

  const edit = (next: string) => {
    setText(next);
    const parsed = parseJsonText(next);
    if (!parsed.ok) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    setReported(parsed.value);
    if (!sameJson(parsed.value, props.value)) props.onChange(parsed.value);
  };

  const template = props.templateText ?? null;
  const message = problem
    ? t('interfaces.rich.json_invalid', { line: problem.line, column: problem.column })
    : '';
  const describedBy = [props.describedBy, problem ? problemId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="octavo-code-field">
      <CodeEditor
        id={props.id}
        value={text}
        onChange={edit}
        language={props.language ?? 'application/json'}
        lineNumbers={props.lineNumber !== false}
        readOnly={props.disabled}
        label={fieldLabel(props.field)}
        describedBy={describedBy}
        invalid={!!problem}
        problem={problem ? { from: problem.position, to: problem.position + 1, message } : null}
        placeholder={template ?? undefined}
      />
      {problem && (
        <p id={problemId} className="octavo-code-field__problem" role="alert">
          <Icon name="error" size="small" />
          {message}
        </p>
      )}
      {template && text.trim() === '' && !props.disabled && (
        <div className="octavo-code-field__bar">
          <Button variant="secondary" size="small" icon="note_add" onClick={() => edit(template)}>
            {t('interfaces.rich.insert_template')}
          </Button>
        </div>
      )}
    </div>
  );
}
