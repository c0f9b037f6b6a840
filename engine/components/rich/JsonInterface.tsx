import type { InterfaceComponentProps } from '../contract';
import { JsonCodeField } from './JsonCodeField';
import { toJsonText } from './json-text';

/** The json interface: CodeMirror in JSON mode, validated as you type; the `template` option is offered when empty. */
export default function JsonInterface(props: InterfaceComponentProps) {
  const template =
    props.template === null || props.template === undefined ? null : templateText(props.template);
  return <JsonCodeField {...props} language="application/json" templateText={template} />;
}

/** A template stored as JSON text (older projects) is shown as written; any other value pretty-printed. */
function templateText(template: unknown): string {
  if (typeof template === 'string') {
    try {
      JSON.parse(template);
      return template;
    } catch {
      return JSON.stringify(template);
    }
  }
  return toJsonText(template);
}
