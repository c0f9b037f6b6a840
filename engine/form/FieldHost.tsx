import { useEffect, useMemo, type ReactNode } from 'react';
import { IconButton } from '../../ui';
import type { FieldDefinition, FieldWidth } from '../types';
import type { DefinitionRegistry } from '../registry/registry';
import { resolveBindingProps } from '../binding/resolve-props';
import { fieldActionState, isOn, optionsWithDefaults, parseDefaultValue } from './rules';
import { fieldLabel } from './labels';
import { InterfaceBoundary } from './InterfaceBoundary';
import { useEngineT } from '../i18n';

export interface FieldHostProps {
  field: FieldDefinition;
  /** The field's current value. */
  value: unknown;
  registry: DefinitionRegistry;
  width: FieldWidth;
  readonly: boolean;
  newItem: boolean;
  /** The value when the form opened (the target of "undo"). */
  initialValue: unknown;
  values: Record<string, unknown>;
  onValueChange: (field: string, value: unknown) => void;
  idPrefix: string;
  /** Batch mode: whether the field has been activated (undefined outside batch mode). */
  active?: boolean;
  onActiveChange?: (field: string, active: boolean) => void;
  onProblem?: (message: string) => void;
  /** A note under the interface that marks the field (see ItemForm `annotations`). */
  annotation?: ReactNode;
}

/** Types whose values are lists or objects: a plain text input must never edit them. */
const STRUCTURED_TYPES = new Set(['alias', 'o2m', 'm2m', 'translation', 'files', 'json', 'array', 'group']);

/** Shows a structured value as text, for the read-only stand-in of a missing interface. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object') return String(value);
  return JSON.stringify(value);
}

/** One field of the form: label, required star, the bound interface, note and field actions. */
export function FieldHost(props: FieldHostProps) {
  const { field, registry } = props;
  const t = useEngineT();
  // A missing or broken interface is stood in for by its field type's fallback interface
  // (field-types.json: a TEXT column gets the textarea, which keeps line breaks; a boolean the switch).
  const resolved = useMemo(() => registry.resolveInterface(field.interface, field), [registry, field]);
  const options = useMemo(
    () => optionsWithDefaults(resolved.definition, resolved.fallback ? {} : field.options),
    [resolved, field.options],
  );
  const bound = useMemo(
    () =>
      resolveBindingProps(resolved.definition.binding, {
        options,
        field,
        form: { newItem: props.newItem },
        definitionOptions: resolved.definition.options,
      }),
    [resolved, options, field, props.newItem],
  );

  const { onProblem } = props;
  useEffect(() => {
    if (resolved.problem) onProblem?.(resolved.problem);
  }, [resolved.problem, onProblem]);

  const id = `${props.idPrefix}-${field.field}`;
  const noteId = field.note ? `${id}-note` : undefined;
  const label = fieldLabel(field);
  const batchMode = props.active !== undefined;
  const blocked = batchMode && !props.active;
  // The plain text input stands in for a missing interface only where it cannot garble the value:
  // lists and objects (relations, JSON, translations) are shown read-only instead.
  const structuredValue =
    STRUCTURED_TYPES.has(String(field.type).toLowerCase()) ||
    (props.value !== null && typeof props.value === 'object');
  const readOnlyStandIn = resolved.fallback && structuredValue;
  const disabled = props.readonly || blocked || bound.disabled === true || readOnlyStandIn;
  const isAlias = String(field.type).toLowerCase() === 'alias';
  const defaultValue = parseDefaultValue(field);
  const actions = fieldActionState(props.value, defaultValue, props.initialValue);
  const set = (value: unknown) => props.onValueChange(field.field, value);

  const Interface = resolved.Component;
  const fallback = registry.resolveInterface(null, field);
  const interfaceProps = {
    ...bound,
    id,
    value: readOnlyStandIn ? asText(props.value) : props.value,
    onChange: set,
    disabled,
    required: isOn(field.required),
    describedBy: noteId,
    field,
    values: props.values,
    newItem: props.newItem,
  };

  return (
    <div
      className={`octavo-field octavo-field--${props.width}${props.annotation ? ' octavo-field--annotated' : ''}`}
      data-field={field.field}
    >
      {batchMode && !isAlias && (
        <input
          type="checkbox"
          className="octavo-field__batch"
          aria-label={t('interfaces.core.batch_edit', { label })}
          checked={!!props.active}
          disabled={props.readonly}
          onChange={(event) => props.onActiveChange?.(field.field, event.target.checked)}
        />
      )}
      {!resolved.definition.hide_label && (
        <label htmlFor={id} className="octavo-field__label">
          {label}
          {isOn(field.required) && (
            <span className="octavo-field__required" title={t('interfaces.core.required')} aria-hidden="true">
              *
            </span>
          )}
        </label>
      )}
      {resolved.problem && (
        <p role="alert" className="octavo-field__problem">
          {resolved.problemText ? t(resolved.problemText.id, resolved.problemText.values) : resolved.problem}
        </p>
      )}
      <InterfaceBoundary
        fallback={<fallback.Component {...interfaceProps} />}
        onError={(error) => {
          const { id: broken, name } = resolved.definition;
          const { message } = registry.markBroken(
            'interface',
            broken,
            `The extension "${name}" (${broken}) failed: ${String(error)}`,
          );
          props.onProblem?.(message);
          return message;
        }}
      >
        <Interface {...interfaceProps} />
      </InterfaceBoundary>
      {props.annotation && <div className="octavo-field__annotation">{props.annotation}</div>}
      {field.note && (
        <p id={noteId} className="octavo-field__note">
          {field.note}
        </p>
      )}
      {!isAlias && !props.readonly && (
        <div
          className="octavo-field__actions"
          role="group"
          aria-label={t('interfaces.core.field_actions', { label })}
        >
          <IconButton
            icon="clear"
            label={t('interfaces.core.clear', { label })}
            disabled={blocked || !actions.clear}
            onClick={() => set(null)}
          />
          <IconButton
            icon="settings_backup_restore"
            label={t('interfaces.core.reset', { label })}
            disabled={blocked || !actions.reset}
            onClick={() => set(defaultValue)}
          />
          <IconButton
            icon="undo"
            label={t('interfaces.core.undo', { label })}
            disabled={blocked || !actions.undo}
            onClick={() => set(props.initialValue ?? null)}
          />
        </div>
      )}
    </div>
  );
}
