import { useState } from 'react';
import { ItemForm } from '../../../engine/form/ItemForm';
import type { DefinitionRegistry } from '../../../engine/registry/registry';
import type { LayoutDefinition } from '../../../engine/types';
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
}

/**
 * The layout picker and the layout's view query and view options, each rendered by the form engine from
 * the layout definition's own field definitions.
 */
export function ViewOptions(props: ViewOptionsProps) {
  const t = useT();
  const { layout, query, options } = props;
  // The forms keep the values they were mounted with as their baseline; a change made elsewhere (a
  // resized column, another layout) remounts them with the new values.
  const queryKey = JSON.stringify(query);
  const optionsKey = JSON.stringify(options);
  const [mounted, setMounted] = useState({ revision: 0, query, options, queryKey, optionsKey });
  const [own, setOwn] = useState({ query: queryKey, options: optionsKey });
  if (own.query !== queryKey || own.options !== optionsKey) {
    setOwn({ query: queryKey, options: optionsKey });
    setMounted((current) => ({ revision: current.revision + 1, query, options, queryKey, optionsKey }));
  }

  const stage = (kind: 'query' | 'options', edits: Record<string, unknown>) => {
    const next = { ...mounted[kind], ...edits };
    // Remember the value as ours so the form is not remounted under the user's cursor.
    setOwn((current) => ({ ...current, [kind]: JSON.stringify(next) }));
    if (kind === 'query') props.onQueryChange(next);
    else props.onOptionsChange(next);
  };

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
            key={`query-${layout.id}-${mounted.revision}`}
            idPrefix="view-query"
            fields={layout.view_query}
            registry={props.registry}
            savedValues={mounted.query}
            onStage={(edits) => stage('query', edits)}
          />
        </>
      )}
      {layout.view_options.length > 0 && (
        <>
          <h3>{t('browse.view_options')}</h3>
          <ItemForm
            key={`options-${layout.id}-${mounted.revision}`}
            idPrefix="view-options"
            fields={layout.view_options}
            registry={props.registry}
            savedValues={mounted.options}
            onStage={(edits) => stage('options', edits)}
          />
        </>
      )}
    </section>
  );
}
