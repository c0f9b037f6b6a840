import { useMemo } from 'react';
import { ItemForm } from '../../../engine/form/ItemForm';
import type { DefinitionRegistry } from '../../../engine/registry/registry';
import { withFieldChoices } from '../../../engine/list/layout-fields';
import type { FieldDefinition, LayoutDefinition } from '../../../engine/types';
import { useT } from '../../i18n';

export interface ViewOptionsProps {
  registry: DefinitionRegistry;
  /** The layouts the user can pick from. */
  layouts: LayoutDefinition[];
  layout: LayoutDefinition;
  /** The layout's current query and options. */
  query: Record<string, unknown>;
  options: Record<string, unknown>;
  onLayoutChange: (id: string) => void;
  onQueryChange: (query: Record<string, unknown>) => void;
  onOptionsChange: (options: Record<string, unknown>) => void;
  /** The collection's fields: options that choose a field (`field_choices`) list them. */
  fields?: FieldDefinition[];
}

/**
 * The layout picker and the layout's view query and view options, each rendered by the form engine from
 * the layout definition's own field definitions; every change goes straight to the listing's preset.
 */
export function ViewOptions(props: ViewOptionsProps) {
  const t = useT();
  const { layout, query, options } = props;
  const queryFields = useMemo(
    () => withFieldChoices(layout.view_query, props.fields ?? []),
    [layout, props.fields],
  );
  const optionFields = useMemo(
    () => withFieldChoices(layout.view_options, props.fields ?? []),
    [layout, props.fields],
  );
  return (
    <section className="listing-view-options" aria-label={t('browse.view_options')}>
      <h3>{t('browse.layout')}</h3>
      <select
        aria-label={t('browse.layout')}
        value={layout.id}
        onChange={(event) => props.onLayoutChange(event.target.value)}
      >
        {props.layouts.map((definition) => (
          <option key={definition.id} value={definition.id}>
            {definition.name}
          </option>
        ))}
      </select>
      {layout.view_query.length > 0 && (
        <>
          <h3>{t('browse.view_query')}</h3>
          <ItemForm
            key={`query-${layout.id}`}
            idPrefix="view-query"
            fields={queryFields}
            registry={props.registry}
            values={query}
            baseline={query}
            onStage={(field, value) => props.onQueryChange({ ...query, [field]: value })}
          />
        </>
      )}
      {layout.view_options.length > 0 && (
        <>
          <h3>{t('browse.view_options')}</h3>
          <ItemForm
            key={`options-${layout.id}`}
            idPrefix="view-options"
            fields={optionFields}
            registry={props.registry}
            values={options}
            baseline={options}
            onStage={(field, value) => props.onOptionsChange({ ...options, [field]: value })}
          />
        </>
      )}
    </section>
  );
}
