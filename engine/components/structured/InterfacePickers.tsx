import { useContext, useMemo } from 'react';
import { Icon } from '../../../ui/Icon';
import { Select } from '../../../ui/Select';
import { ItemForm } from '../../form/ItemForm';
import { optionsWithDefaults } from '../../form/rules';
import { useEngineLocale, useEngineT } from '../../i18n';
import { byName } from '../../registry/localize';
import type { DefinitionRegistry } from '../../registry/registry';
import type { InterfaceDefinition } from '../../types';
import { FormRegistryContext, type InterfaceComponentProps } from '../contract';
import { isRecord, str } from './values';
import './structured.css';

/**
 * The interfaces an admin may pick: not the hidden ones (system fields), without the relational
 * ones when `relational` is off and without `status` when `status` is off, and only those that
 * edit `type` when one is given.
 */
export function interfaceChoices(
  registry: DefinitionRegistry,
  filter: { relational: boolean; status: boolean; type?: string | null },
  locale?: string,
): InterfaceDefinition[] {
  const type = filter.type?.toLowerCase();
  return registry
    .interfaces()
    .filter(
      (definition) =>
        !definition.hidden &&
        (filter.relational || !definition.relation) &&
        (filter.status || definition.id !== 'status') &&
        (!type || definition.types.includes(type)),
    )
    .sort(byName(locale));
}

/** The interface a sibling field names (`interfaceField` option), if the registry knows it. */
function siblingInterface(props: InterfaceComponentProps, registry: DefinitionRegistry | null) {
  const name = str(props.interfaceField);
  const id = name ? str(props.values[name]) : undefined;
  return { id, definition: id && registry ? registry.getInterface(id) : undefined };
}

/** Interfaces (schema-v8 §4.2): one interface id, chosen by name, its icon shown beside. */
export function InterfacesInterface(props: InterfaceComponentProps) {
  const registry = useContext(FormRegistryContext);
  const locale = useEngineLocale();
  const type = str(props.values.type);
  const list = useMemo(
    () =>
      registry
        ? interfaceChoices(
            registry,
            {
              relational: props.relational !== false,
              status: props.status !== false,
              type,
            },
            locale,
          )
        : [],
    [registry, props.relational, props.status, type, locale],
  );
  const current = str(props.value);
  const icon = (current && registry?.getInterface(current)?.icon) || 'widgets';
  return (
    <span className="octavo-interface-select">
      <Icon name={icon} className="octavo-interface-select__icon" />
      <Select
        id={props.id}
        choices={list.map((definition) => ({ value: definition.id, label: definition.name }))}
        value={current ?? null}
        onChange={props.onChange}
        disabled={props.disabled}
        placeholder={str(props.placeholder)}
        describedBy={props.describedBy}
      />
    </span>
  );
}

/** Interface types: one of the types of the interface the sibling field names. */
export function InterfaceTypesInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  const registry = useContext(FormRegistryContext);
  const { definition } = siblingInterface(props, registry);
  const types = definition?.types ?? [];
  return (
    <Select
      id={props.id}
      choices={types.map((type) => ({ value: type, label: type }))}
      value={str(props.value) ?? null}
      onChange={props.onChange}
      disabled={props.disabled || types.length === 0}
      placeholder={
        definition
          ? t('interfaces.structured.choose_type')
          : t('interfaces.structured.choose_interface_first')
      }
      describedBy={props.describedBy}
    />
  );
}

/**
 * Interface options: the options form of the interface the sibling field names, drawn by the form
 * engine with each option's default filled in; the value is the options object.
 */
export function InterfaceOptionsInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  const registry = useContext(FormRegistryContext);
  const { definition } = siblingInterface(props, registry);
  const fields = useMemo(
    () =>
      (definition?.options ?? []).map((option) => (props.disabled ? { ...option, readonly: true } : option)),
    [definition, props.disabled],
  );
  const values = useMemo(
    () => optionsWithDefaults(definition, isRecord(props.value) ? props.value : null),
    [definition, props.value],
  );
  if (!registry || !definition) {
    return (
      <p id={props.id} className="octavo-structured__hint">
        {t('interfaces.structured.choose_interface_first')}
      </p>
    );
  }
  if (fields.length === 0) {
    return (
      <p id={props.id} className="octavo-structured__hint">
        {t('interfaces.structured.no_options', { name: definition.name })}
      </p>
    );
  }
  return (
    <div
      id={props.id}
      className="octavo-interface-options"
      role="group"
      aria-label={t('interfaces.structured.options_of', { name: definition.name })}
    >
      <ItemForm
        fields={fields}
        registry={registry}
        values={values}
        baseline={values}
        newItem
        onStage={(field, value) => props.onChange({ ...values, [field]: value })}
        idPrefix={`${props.id}-${definition.id}`}
      />
    </div>
  );
}
