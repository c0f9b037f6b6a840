import '../catalogs';
import { useMemo, useState } from 'react';
import { Badge, Button, buttonClassName, EmptyState, NumberInput, Select, Toggle } from '../../../../ui';
import { ItemForm } from '../../../../engine/form/ItemForm';
import { DisplayValue } from '../../../../engine/displays/DisplayValue';
import { optionsWithDefaults } from '../../../../engine/form/rules';
import type { FieldDefinition, InterfaceDefinition } from '../../../../engine/types';
import { useT } from '../../../i18n';
import { useProjectKey, useRegistry } from '../../../state/hooks';
import { useReportProblem } from '../../../shell/problems';
import { settingsHref, settingsInterfacesHref } from '../../../paths';
import { Page } from '../../../shell/Page';
import { isCustom } from './InterfacesList';
import '../settings.css';
import './interfaces.css';

/** The JSON type of a value as an integrator reads it: null, array, object, string, number, boolean. */
export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The one field the debugger draws: the interface under test with the chosen type and flags. */
export function debugField(
  definition: InterfaceDefinition,
  setup: { type: string; length: number | null; readonly: boolean; required: boolean },
  options: Record<string, unknown>,
): FieldDefinition {
  return {
    field: 'value',
    name: definition.name,
    collection: null,
    type: setup.type,
    datatype: definition.recommended?.datatype ?? null,
    length: setup.length,
    interface: definition.id,
    options,
    readonly: setup.readonly,
    required: setup.required,
    width: 'full',
  };
}

/**
 * /{project}/settings/interfaces/{id}: the interface debugger. The live interface (through the form
 * engine, as an item page draws it) beside its options form, a switch for the field's type, length,
 * read-only and required, the value it emits as JSON, and its display rendering that value.
 */
export function InterfaceDebugger({ id }: { id: string }) {
  const t = useT();
  const project = useProjectKey();
  const registry = useRegistry();
  const definition = registry.getInterface(id);
  const crumbs = [
    { label: t('settings_interfaces.settings'), href: settingsHref(project) },
    { label: t('settings_interfaces.title'), href: settingsInterfacesHref(project) },
  ];
  if (!definition) {
    return (
      <Page title={id} breadcrumb={crumbs} className="settings-page">
        <EmptyState
          framed
          icon="extension_off"
          title={t('settings_interfaces.not_found', { id })}
          body={t('settings_interfaces.not_found_body')}
          action={
            <a
              className={buttonClassName({ variant: 'secondary' })}
              href={`#${settingsInterfacesHref(project)}`}
            >
              {t('settings_interfaces.back')}
            </a>
          }
        />
      </Page>
    );
  }
  return (
    <Page
      title={definition.name}
      breadcrumb={crumbs}
      className="settings-page"
      info={<p className="info-sidebar__empty">{t('settings_interfaces.info_debugger')}</p>}
    >
      <Debugger key={definition.id} definition={definition} />
    </Page>
  );
}

function Debugger({ definition }: { definition: InterfaceDefinition }) {
  const t = useT();
  const registry = useRegistry();
  const reportProblem = useReportProblem();
  const defaults = useMemo(() => optionsWithDefaults(definition, {}), [definition]);
  const initialSetup = {
    type: definition.types[0]!,
    length: definition.recommended?.length ?? null,
    readonly: false,
    required: false,
  };
  const [setup, setSetup] = useState(initialSetup);
  const [newItem, setNewItem] = useState(false);
  const [options, setOptions] = useState<Record<string, unknown>>(defaults);
  const [value, setValue] = useState<{ current: unknown; emitted: boolean }>({
    current: null,
    emitted: false,
  });
  // Changing the type or flags draws the field anew, as a changed field definition would.
  const [generation, setGeneration] = useState(0);
  const field = useMemo(() => debugField(definition, setup, options), [definition, setup, options]);
  const change = (next: Partial<typeof setup>) => {
    if (next.type && next.type !== setup.type) setValue({ current: null, emitted: false });
    setSetup((current) => ({ ...current, ...next }));
    setGeneration((n) => n + 1);
  };
  const reset = () => {
    setSetup(initialSetup);
    setOptions(defaults);
    setNewItem(false);
    setValue({ current: null, emitted: false });
    setGeneration((n) => n + 1);
  };
  const custom = isCustom(definition);
  const emittedText = value.emitted ? (JSON.stringify(value.current, null, 2) ?? 'undefined') : '';

  return (
    <div className="interfaces-debugger">
      <div>
        <section className="interfaces-debugger__panel" aria-labelledby="debugger-live">
          <h2 id="debugger-live" className="interfaces-debugger__title">
            {t('settings_interfaces.preview')}
          </h2>
          <div data-testid="debugger-live">
            <ItemForm
              key={generation}
              fields={[field]}
              registry={registry}
              values={{ value: value.current }}
              baseline={{ value: null }}
              newItem={newItem}
              idPrefix="debugger"
              onStage={(_, next) => setValue({ current: next, emitted: true })}
              onProblem={reportProblem}
            />
          </div>
        </section>
        <section className="interfaces-debugger__panel" aria-labelledby="debugger-emitted">
          <h2 id="debugger-emitted" className="interfaces-debugger__title">
            {t('settings_interfaces.emitted')}
          </h2>
          {value.emitted ? (
            <>
              <pre className="interfaces-debugger__json" data-testid="debugger-json" tabIndex={0}>
                {emittedText}
              </pre>
              <p className="interfaces-debugger__hint">
                {t('settings_interfaces.emitted_type', { type: jsonType(value.current) })}
              </p>
            </>
          ) : (
            <p className="interfaces-debugger__hint">{t('settings_interfaces.nothing_emitted')}</p>
          )}
        </section>
        <section className="interfaces-debugger__panel" aria-labelledby="debugger-display">
          <h2 id="debugger-display" className="interfaces-debugger__title">
            {t('settings_interfaces.display')}
          </h2>
          <div data-testid="debugger-display">
            <DisplayValue registry={registry} field={field} value={value.current} />
          </div>
        </section>
      </div>
      <div>
        <section className="interfaces-debugger__panel" aria-labelledby="debugger-field">
          <h2 id="debugger-field" className="interfaces-debugger__title">
            {t('settings_interfaces.field')}
          </h2>
          <div className="interfaces-debugger__switches">
            <div className="interfaces-debugger__control">
              <label htmlFor="debugger-type">{t('settings_interfaces.type')}</label>
              <Select
                id="debugger-type"
                choices={definition.types.map((type) => ({ value: type, label: type }))}
                value={setup.type}
                placeholder={t('settings_interfaces.none_value')}
                onChange={(type) => type && change({ type })}
              />
            </div>
            <div className="interfaces-debugger__control">
              <label htmlFor="debugger-length">{t('settings_interfaces.length')}</label>
              <NumberInput
                id="debugger-length"
                integer
                min={0}
                value={setup.length}
                onChange={(length) => change({ length })}
              />
            </div>
            <Toggle
              id="debugger-readonly"
              label={t('settings_interfaces.readonly')}
              checked={setup.readonly}
              onChange={(readonly) => change({ readonly })}
            />
            <Toggle
              id="debugger-required"
              label={t('settings_interfaces.required')}
              checked={setup.required}
              onChange={(required) => change({ required })}
            />
            <Toggle
              id="debugger-new-item"
              label={t('settings_interfaces.new_item')}
              checked={newItem}
              onChange={(on) => {
                setNewItem(on);
                setGeneration((n) => n + 1);
              }}
            />
            <div>
              <Button variant="secondary" icon="restart_alt" onClick={reset}>
                {t('settings_interfaces.reset')}
              </Button>
            </div>
          </div>
        </section>
        <section className="interfaces-debugger__panel" aria-labelledby="debugger-options">
          <h2 id="debugger-options" className="interfaces-debugger__title">
            {t('settings_interfaces.options')}
          </h2>
          {definition.options.length ? (
            <div data-testid="debugger-options">
              <ItemForm
                fields={definition.options}
                registry={registry}
                values={options}
                baseline={defaults}
                idPrefix="option"
                onStage={(name, next) => setOptions((current) => ({ ...current, [name]: next }))}
                onProblem={reportProblem}
              />
            </div>
          ) : (
            <p className="interfaces-debugger__hint">{t('settings_interfaces.no_options')}</p>
          )}
        </section>
        <section className="interfaces-debugger__panel" aria-labelledby="debugger-about">
          <h2 id="debugger-about" className="interfaces-debugger__title">
            {t('settings_interfaces.about')}
          </h2>
          <dl className="interfaces-debugger__facts">
            <dt>{t('settings_interfaces.id')}</dt>
            <dd>
              <code>{definition.id}</code>
            </dd>
            <dt>{t('settings_interfaces.origin')}</dt>
            <dd>
              <Badge background={custom ? 'accent' : undefined} subdued={!custom}>
                {custom ? t('settings_interfaces.origin_custom') : t('settings_interfaces.origin_core')}
              </Badge>
            </dd>
            <dt>{t('settings_interfaces.types')}</dt>
            <dd>{definition.types.join(', ')}</dd>
            <dt>{t('settings_interfaces.recommended')}</dt>
            <dd>
              {definition.recommended?.datatype ?? t('settings_interfaces.none_value')}
              {definition.recommended?.length ? ` (${definition.recommended.length})` : ''}
            </dd>
            <dt>{t('settings_interfaces.component')}</dt>
            <dd>
              <code>{definition.binding.component}</code>
            </dd>
            {definition.module && (
              <>
                <dt>{t('settings_interfaces.module')}</dt>
                <dd>
                  <code>{definition.module}</code>
                </dd>
              </>
            )}
            <dt>{t('settings_interfaces.display_component')}</dt>
            <dd>
              <code>{definition.display?.component ?? 'text'}</code>
            </dd>
          </dl>
        </section>
      </div>
    </div>
  );
}

export default InterfaceDebugger;
