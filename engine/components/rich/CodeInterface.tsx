import { Button } from '../../../ui';
import { fieldLabel } from '../../form/labels';
import { useEngineT } from '../../i18n';
import type { InterfaceComponentProps } from '../contract';
import { CodeEditor } from './CodeEditor';
import { JsonCodeField } from './JsonCodeField';
import { toJsonText } from './json-text';

/**
 * The code interface: CodeMirror with the `language` option's mode and `lineNumber`. A string field
 * stores the text (empty text is null); a json field stores the parsed value and is checked like
 * the json interface. The `template` is offered when the field is empty.
 */
export default function CodeInterface(props: InterfaceComponentProps) {
  const template = typeof props.template === 'string' && props.template !== '' ? props.template : null;
  if (props.fieldType === 'json' || props.field.type === 'json') {
    const language = props.language && props.language !== 'text/plain' ? props.language : 'application/json';
    return <JsonCodeField {...props} language={language} templateText={template} />;
  }
  return <CodeText {...props} template={template} />;
}

function CodeText(props: InterfaceComponentProps & { template: string | null }) {
  const t = useEngineT();
  const text =
    typeof props.value === 'string' ? props.value : props.value == null ? '' : toJsonText(props.value);
  const shown = text;
  const edit = (next: string) => props.onChange(next === '' ? null : next);
  return (
    <div className="octavo-code-field">
      <CodeEditor
        id={props.id}
        value={shown}
        onChange={edit}
        language={props.language}
        lineNumbers={props.lineNumber !== false}
        readOnly={props.disabled}
        label={fieldLabel(props.field)}
        describedBy={props.describedBy}
        placeholder={props.template ?? undefined}
      />
      {props.template && shown === '' && !props.disabled && (
        <div className="octavo-code-field__bar">
          <Button variant="secondary" size="small" icon="note_add" onClick={() => edit(props.template!)}>
            {t('interfaces.rich.insert_template')}
          </Button>
        </div>
      )}
    </div>
  );
}
