import { useMemo } from 'react';
import { ItemForm } from '../../../engine/form/ItemForm';
import type { DefinitionRegistry } from '../../../engine/registry/registry';
import { withFieldChoices } from '../../../engine/list/layout-fields';
import type { FieldDefinition, LayoutDefinition } from '../../../engine/types';
import type { FormServices } from '../../../engine/components/contract';
import { useT } from '../../i18n';
import { useSchema } from '../../state/hooks';
import { relatedCollection } from '../../state/schema-info';

export interface ViewOptionsProps {
  registry: DefinitionRegistry;
  /** The layouts the user can pick from. */
  layouts: LayoutDefinition[];
  layout: LayoutDefinition;
  /** The listing collection's readable fields: the columns, sort and card fields, and options that
   * choose a field (`field_choices`), list them. */
  fields: FieldDefinition[];
  /** The layout's current query and options. */
  query: Record<string, unknown>;
  options: Record<string, unknown>;
  onLayoutChange: (id: string) => void;
  onQueryChange: (query: Record<string, unknown>) => void;
  onOptionsChange: (options: Record<string, unknown>) => void;
}

/**
 * The layout picker and the layout's view query and view options, each rendered by the form engine from
 * the layout definition's own field definitions; every change goes straight to the listing's preset.
 */
export function ViewOptions(props: ViewOptionsProps) {
  const t = useT();
  const { layout, query, options, fields } = props;
  const { relations } = useSchema();
  const services: FormServices = useMemo(
    () => ({
      layoutFields: fields,
      layoutRelated: (field) =>
        field.collection ? relatedCollection(field, field.collection, relations) : null,
    }),
    [fields, relations],
  );
  const queryFields = useMemo(() => withFieldChoices(layout.view_query, fields), [layout, fields]);
  const optionFields = useMemo(() => withFieldChoices(layout.view_options, fields), [layout, fields]);
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
            services={services}
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
            services={services}
            values={options}
            baseline={options}
            onStage={(field, value) => props.onOptionsChange({ ...options, [field]: value })}
          />
        </>
      )}
    </section>
  );
}
