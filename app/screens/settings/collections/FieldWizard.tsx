import './catalog';
import { useMemo, useState } from 'react';
import { Button, Icon, Modal, Notice, Select, TextInput, Toggle } from '../../../../ui';
import { ItemForm } from '../../../../engine/form/ItemForm';
import { optionsWithDefaults } from '../../../../engine/form/rules';
import type { FieldDefinition, InterfaceDefinition } from '../../../../engine/types';
import { useLocale, useT, type Translate } from '../../../i18n';
import { useApi, useAppData, useRegistry } from '../../../state/hooks';
import { useReportProblem } from '../../../shell/problems';
import { createField, updateField, type FieldBody, type RelationRequest } from '../../../api/schema';
import {
  datatypesFor,
  defaultLength,
  INTERFACE_GROUPS,
  interfaceGroup,
  indexable,
  indexedByType,
  isAliasType,
  lengthProblem,
  lengthRule,
  relationKind,
  safeName,
  validName,
  wizardInterfaces,
  type RelationKind,
  type Vendor,
} from './schema-rules';
import { useErrorText } from '../../../i18n/errors';

type Step = 'interface' | 'schema' | 'options' | 'relation';

interface SchemaState {
  name: string;
  type: string;
  datatype: string;
  length: string;
  default_value: string;
  unique: boolean;
  /** An index on the column; null: as the field type has it (see `indexedByType`). */
  index: boolean | null;
  note: string | null;
  translation: unknown;
}

/** The relation step's choices; names in safe mode. */
export interface RelationState {
  collection_one: string;
  collection_many: string;
  field_many: string;
  junction_field: string;
  language_field: string;
}

const on = (value: unknown) => value === true || value === 1 || value === '1';

/** The vendor of the project's database, as field-types.json names it. */
export function vendorOf(database: string | null | undefined): Vendor {
  return database === 'mysql' || database === 'postgres' ? database : 'sqlite';
}

/** The schema step's start for an interface: its first type, the recommended datatype when allowed, its length. */
export function schemaDefaults(definition: InterfaceDefinition, vendor: Vendor, name = ''): SchemaState {
  const type = definition.types[0] ?? 'string';
  const datatypes = datatypesFor(type, vendor);
  const recommended = definition.recommended?.datatype;
  const datatype = recommended && datatypes.includes(recommended) ? recommended : (datatypes[0] ?? '');
  const rule = lengthRule(vendor, datatype, type);
  const fallback = definition.recommended?.default_value;
  return {
    name,
    type,
    datatype,
    length: datatype ? defaultLength(rule, definition.recommended?.length) : '',
    default_value: fallback === undefined || fallback === null ? '' : String(fallback),
    unique: false,
    index: null,
    note: null,
    translation: null,
  };
}

/** The relation step's start: names in the Directus convention (`{collection}_id`, `{a}_{b}` junction). */
export function relationDefaults(kind: RelationKind, collection: string, related = ''): RelationState {
  switch (kind) {
    case 'm2m':
      return {
        collection_one: related,
        collection_many: related ? `${collection}_${related}` : '',
        field_many: `${collection}_id`,
        junction_field: related ? `${related}_id` : '',
        language_field: '',
      };
    case 'translation':
      return {
        collection_one: '',
        collection_many: `${collection}_translations`,
        field_many: `${collection}_id`,
        junction_field: '',
        language_field: 'language',
      };
    case 'o2m':
      return {
        collection_one: '',
        collection_many: related,
        field_many: `${collection}_id`,
        junction_field: '',
        language_field: '',
      };
    default:
      return {
        collection_one: related,
        collection_many: '',
        field_many: '',
        junction_field: '',
        language_field: '',
      };
  }
}

/** The files interface always relates to the file library. */
function relatedDefault(definition: InterfaceDefinition | undefined): string {
  return definition?.id === 'files' ? 'directus_files' : '';
}

/** What the server is sent for the relation step (null when the interface needs none). */
export function relationRequest(kind: RelationKind, state: RelationState): RelationRequest | null {
  switch (kind) {
    case 'm2o':
      return { collection_one: state.collection_one };
    case 'file':
      return { collection_one: 'directus_files' };
    case 'o2m':
      return { collection_many: state.collection_many, field_many: state.field_many };
    case 'translation':
      return {
        collection_many: state.collection_many,
        field_many: state.field_many,
        language_field: state.language_field,
      };
    case 'm2m':
      return {
        collection_one: state.collection_one,
        collection_many: state.collection_many,
        field_many: state.field_many,
        junction_field: state.junction_field,
      };
    default:
      return null;
  }
}

/** The first problem of the relation step, as a catalogue key, or null. */
export function relationProblem(kind: RelationKind, state: RelationState): string | null {
  const names: string[] = [];
  if (kind === 'm2o' || kind === 'm2m') {
    if (!state.collection_one) return 'settings_collections.pick_related';
  }
  if (kind === 'o2m' || kind === 'm2m' || kind === 'translation') {
    if (!state.collection_many) return 'settings_collections.pick_child';
    names.push(state.collection_many, state.field_many);
  }
  if (kind === 'm2m') {
    names.push(state.junction_field);
    if (state.junction_field === state.field_many) return 'settings_collections.junction_same';
  }
  if (kind === 'translation') names.push(state.language_field);
  if (names.some((name) => !validName(name))) return 'settings_collections.invalid_name';
  return null;
}

/**
 * Name translations (a field's label, a collection's name) as the repeater edits them: one row per
 * locale with its text.
 */
export function translationField(
  t: Translate,
  labels: { name: string; note: string } = {
    name: t('settings_collections.field_translation'),
    note: t('settings_collections.field_translation_note'),
  },
): FieldDefinition {
  return {
    field: 'translation',
    name: labels.name,
    type: 'json',
    interface: 'repeater',
    width: 'full',
    note: labels.note,
    options: {
      template: '{{ locale }}: {{ translation }}',
      createItemText: t('settings_collections.add_translation'),
      fields: [
        {
          field: 'locale',
          name: t('settings_collections.locale'),
          type: 'string',
          interface: 'language',
          width: 'half',
        },
        {
          field: 'translation',
          name: t('settings_collections.translated_name'),
          type: 'string',
          interface: 'text-input',
          width: 'half',
        },
      ],
    },
  };
}

/**
 * The field wizard (issue #14): 1) interface → 2) schema → 3) options → 4) relation. A new field is
 * created with one request (its relation and a new junction included), an existing one changed with
 * one; the server's error is shown here and nothing is left half-made.
 */
export function FieldWizard({
  collection,
  field,
  onClose,
}: {
  collection: string;
  field: FieldDefinition | null;
  onClose: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const api = useApi();
  const registry = useRegistry();
  const reportProblem = useReportProblem();
  const { data, refreshSchema } = useAppData();
  const vendor = vendorOf(data.serverInfo.database);
  const existing = data.schema.fields[collection] ?? [];
  const editing = field !== null;
  const [interfaceId, setInterfaceId] = useState<string | null>(field?.interface ?? null);
  const definition = interfaceId ? registry.getInterface(interfaceId) : undefined;
  const [schema, setSchema] = useState<SchemaState | null>(() =>
    field
      ? {
          name: field.field,
          type: String(field.type),
          datatype: field.datatype ?? '',
          length: field.length == null ? '' : String(field.length),
          default_value: field.default_value == null ? '' : String(field.default_value),
          unique: on(field.unique),
          index: on(field.index),
          note: field.note ?? null,
          translation: field.translation ?? null,
        }
      : null,
  );
  const [options, setOptions] = useState<Record<string, unknown>>(() =>
    optionsWithDefaults(definition, field?.options ?? null),
  );
  const kind = relationKind(definition);
  const [relation, setRelation] = useState<RelationState>(() =>
    relationDefaults(kind, collection, relatedDefault(definition)),
  );
  const [step, setStep] = useState<Step>(editing ? 'schema' : 'interface');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const steps: Step[] = [
    ...(editing ? [] : (['interface'] as Step[])),
    'schema',
    'options',
    ...((kind && kind !== 'file' ? ['relation'] : []) as Step[]),
  ];
  const index = steps.indexOf(step);
  const last = index === steps.length - 1;

  const chooseInterface = (next: InterfaceDefinition) => {
    setInterfaceId(next.id);
    setSchema((current) => schemaDefaults(next, vendor, current?.name ?? ''));
    setOptions(optionsWithDefaults(next, null));
    setRelation(relationDefaults(relationKind(next), collection, relatedDefault(next)));
    setError(null);
  };

  // Step 2 checks.
  const name = schema?.name ?? '';
  const nameTaken = !editing && existing.some((f) => f.field === name);
  const alias = schema ? isAliasType(schema.type) : false;
  const hideColumn = alias || kind === 'm2o' || kind === 'file';
  const rule =
    schema && !hideColumn ? lengthRule(vendor, schema.datatype, schema.type) : ({ kind: 'none' } as const);
  const lengthIssue = schema && !hideColumn ? lengthProblem(rule, schema.length) : null;
  const nameIssue = !name
    ? null
    : !validName(name)
      ? t('settings_collections.invalid_name')
      : nameTaken
        ? t('settings_collections.field_exists', { field: name })
        : null;
  const schemaReady = !!schema && !!name && !nameIssue && !lengthIssue;
  const relationIssue = kind && kind !== 'file' ? relationProblem(kind, relation) : null;

  const canLeave = (s: Step) =>
    s === 'interface'
      ? !!definition
      : s === 'schema'
        ? schemaReady
        : s === 'relation'
          ? !relationIssue
          : true;

  const body = (): FieldBody => {
    const s = schema!;
    const out: FieldBody = {
      field: s.name,
      type: s.type,
      interface: interfaceId,
      options: kind === 'translation' ? { ...options, languageField: relation.language_field } : options,
      note: s.note || null,
      translation: Array.isArray(s.translation) && s.translation.length ? s.translation : null,
    };
    if (!hideColumn) {
      out.datatype = s.datatype;
      if (rule.kind !== 'none') out.length = s.length.trim();
      out.default_value = s.default_value === '' ? null : s.default_value;
      out.unique = s.unique;
      if (s.index !== null) out.index = s.index && indexable(s.datatype);
    }
    return out;
  };

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = body();
      if (editing) {
        const patch: Partial<FieldBody> = {};
        // The field as the wizard started it (options with their defaults), so only real changes go.
        const before: Record<string, unknown> = {
          ...field,
          options: optionsWithDefaults(definition, field!.options ?? null),
          unique: on(field!.unique),
          index: on(field!.index),
          default_value: field!.default_value == null ? null : String(field!.default_value),
          length: field!.length == null ? undefined : String(field!.length),
        };
        for (const [key, value] of Object.entries(next)) {
          if (key === 'field') continue;
          if (JSON.stringify(value ?? null) !== JSON.stringify(before[key] ?? null))
            (patch as Record<string, unknown>)[key] = value;
        }
        if (Object.keys(patch).length) await updateField(api, collection, field!.field, patch);
      } else {
        const sort = Math.max(0, ...existing.map((f) => f.sort ?? 0)) + 1;
        const request = kind ? relationRequest(kind, relation) : null;
        await createField(api, collection, {
          ...next,
          sort,
          width: 'full',
          ...(request ? { relation: request } : {}),
        });
      }
      await refreshSchema();
      onClose();
    } catch (failure) {
      setError(errorText(failure));
      setBusy(false);
    }
  };

  const title = editing
    ? t('settings_collections.wizard_edit', { field: field!.field })
    : t('settings_collections.wizard_new');
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      closeLabel={t('settings_collections.cancel')}
      size="large"
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('settings_collections.cancel')}
          </Button>
          {index > 0 && (
            <Button variant="secondary" icon="arrow_back" onClick={() => setStep(steps[index - 1]!)}>
              {t('settings_collections.back_step')}
            </Button>
          )}
          {!last && (
            <Button
              variant={editing ? 'secondary' : 'primary'}
              iconEnd="arrow_forward"
              disabled={!canLeave(step)}
              onClick={() => setStep(steps[index + 1]!)}
            >
              {t('settings_collections.next_step')}
            </Button>
          )}
          {(last || editing) && (
            <Button
              icon="check"
              loading={busy}
              disabled={busy || !steps.every(canLeave)}
              onClick={() => void save()}
            >
              {editing ? t('settings_collections.save_field') : t('settings_collections.create_field')}
            </Button>
          )}
        </>
      }
    >
      <ol className="wizard-steps" aria-label={t('settings_collections.steps')}>
        {steps.map((s, i) => (
          <li
            key={s}
            aria-current={s === step ? 'step' : undefined}
            className={s === step ? 'is-current' : ''}
          >
            <span className="wizard-steps__number">{i + 1}</span> {t(`settings_collections.step_${s}`)}
          </li>
        ))}
      </ol>
      <div className="wizard-body" data-testid={`wizard-step-${step}`}>
        {step === 'interface' && (
          <InterfaceStep collection={collection} chosen={interfaceId} onChoose={chooseInterface} />
        )}
        {step === 'schema' && schema && definition && (
          <SchemaStep
            collection={collection}
            definition={definition}
            schema={schema}
            onChange={(patch) => setSchema({ ...schema, ...patch })}
            vendor={vendor}
            editing={editing}
            field={field}
            hideColumn={hideColumn}
            nameIssue={nameIssue}
            lengthIssue={
              lengthIssue
                ? t(
                    `settings_collections.${lengthIssue.key}`,
                    'values' in lengthIssue ? lengthIssue.values : undefined,
                  )
                : null
            }
          />
        )}
        {step === 'schema' && !definition && (
          <Notice color="warning">{t('settings_collections.no_interface_definition')}</Notice>
        )}
        {step === 'options' &&
          (definition && definition.options.length ? (
            <ItemForm
              fields={definition.options}
              registry={registry}
              values={options}
              baseline={optionsWithDefaults(definition, field?.options ?? null)}
              idPrefix="wizard-option"
              onProblem={reportProblem}
              onStage={(key, value) => setOptions((current) => ({ ...current, [key]: value }))}
            />
          ) : (
            <p className="designer-hint">{t('settings_collections.no_options')}</p>
          ))}
        {step === 'relation' && kind && (
          <RelationStep
            collection={collection}
            kind={kind}
            state={relation}
            editing={editing}
            field={field}
            onChange={setRelation}
            problem={relationIssue ? t(relationIssue) : null}
          />
        )}
        {error && (
          <Notice color="danger" live="alert" title={t('settings_collections.server_refused')}>
            {error}
          </Notice>
        )}
      </div>
    </Modal>
  );
}

function InterfaceStep({
  collection,
  chosen,
  onChoose,
}: {
  collection: string;
  chosen: string | null;
  onChoose: (definition: InterfaceDefinition) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const registry = useRegistry();
  const [search, setSearch] = useState('');
  const { data } = useAppData();
  const present = useMemo(
    () => (data.schema.fields[collection] ?? []).map((f) => String(f.type)),
    [data.schema.fields, collection],
  );
  const shown = useMemo(
    () => wizardInterfaces(registry.interfaces(), search, present, locale),
    [registry, search, present, locale],
  );
  return (
    <div className="wizard-interfaces">
      <label htmlFor="wizard-interface-search" className="designer-label">
        {t('settings_collections.search_interfaces')}
      </label>
      <TextInput
        id="wizard-interface-search"
        type="search"
        value={search}
        onChange={setSearch}
        iconLeft="search"
        autoFocus
      />
      {shown.length === 0 && (
        <p className="designer-hint">{t('settings_collections.no_interface_match', { search })}</p>
      )}
      {INTERFACE_GROUPS.map((group) => {
        const members = shown.filter((d) => interfaceGroup(d) === group);
        if (!members.length) return null;
        return (
          <fieldset key={group} className="wizard-interfaces__group">
            <legend>{t(`settings_collections.group_${group}`)}</legend>
            <div className="wizard-interfaces__grid">
              {members.map((definition) => (
                <button
                  key={definition.id}
                  type="button"
                  className={`wizard-interface${chosen === definition.id ? ' is-chosen' : ''}`}
                  aria-pressed={chosen === definition.id}
                  onClick={() => onChoose(definition)}
                  data-interface={definition.id}
                >
                  <Icon name={definition.icon} />
                  <span>{definition.name}</span>
                </button>
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}

interface SchemaStepProps {
  collection: string;
  definition: InterfaceDefinition;
  schema: SchemaState;
  onChange: (patch: Partial<SchemaState>) => void;
  vendor: Vendor;
  editing: boolean;
  field: FieldDefinition | null;
  hideColumn: boolean;
  nameIssue: string | null;
  lengthIssue: string | null;
}

function SchemaStep(props: SchemaStepProps) {
  const { definition, schema, onChange, vendor, editing, field, hideColumn, nameIssue, lengthIssue } = props;
  const t = useT();
  const registry = useRegistry();
  const { data } = useAppData();
  const [typed, setTyped] = useState(schema.name);
  const primary = editing && on(field?.primary_key);
  const hasPrimary = (data.schema.fields[props.collection] ?? []).some((f) => on(f.primary_key));
  const types = definition.types.filter(
    (type) => !editing || isAliasType(type) === isAliasType(String(field?.type)),
  );
  const datatypes = datatypesFor(schema.type, vendor);
  const rule = lengthRule(vendor, schema.datatype, schema.type);
  const canIndex = indexable(schema.datatype);
  // The interface's recommended length goes with its recommended datatype; another one starts from its own default.
  const recommendedFor = (datatype: string) =>
    datatype === definition.recommended?.datatype ? definition.recommended?.length : undefined;
  const setType = (type: string) => {
    const list = datatypesFor(type, vendor);
    const datatype = list.includes(schema.datatype) ? schema.datatype : (list[0] ?? '');
    onChange({
      type,
      datatype,
      length: defaultLength(lengthRule(vendor, datatype, type), recommendedFor(datatype)),
    });
  };
  const setDatatype = (datatype: string) =>
    onChange({
      datatype,
      length: defaultLength(lengthRule(vendor, datatype, schema.type), recommendedFor(datatype)),
    });
  const lengthHint =
    rule.kind === 'length'
      ? rule.max != null
        ? t('settings_collections.length_hint', { default: rule.default, max: rule.max })
        : t('settings_collections.length_hint_default', { default: rule.default })
      : rule.kind === 'precision_scale'
        ? rule.maxPrecision != null
          ? t('settings_collections.precision_hint', {
              precision: rule.defaultPrecision,
              scale: rule.defaultScale,
              maxPrecision: rule.maxPrecision,
              maxScale: rule.maxScale ?? rule.maxPrecision,
            })
          : t('settings_collections.precision_hint_default', {
              precision: rule.defaultPrecision,
              scale: rule.defaultScale,
            })
        : '';
  return (
    <div className="designer-form designer-form--grid">
      <div className="designer-form__field designer-form__field--full">
        <label htmlFor="wizard-name">{t('settings_collections.field_name')}</label>
        <TextInput
          id="wizard-name"
          value={editing ? schema.name : typed}
          disabled={editing}
          autoFocus={!editing}
          invalid={!!nameIssue}
          describedBy="wizard-name-hint"
          onChange={(text) => {
            setTyped(text);
            onChange({ name: safeName(text) });
          }}
        />
        <p
          id="wizard-name-hint"
          className={nameIssue ? 'designer-error' : 'designer-hint'}
          role={nameIssue ? 'alert' : undefined}
        >
          {nameIssue ??
            (editing
              ? t('settings_collections.name_fixed')
              : schema.name
                ? t('settings_collections.name_as', { name: schema.name })
                : t('settings_collections.name_hint'))}
        </p>
      </div>
      <div className="designer-form__field">
        <label htmlFor="wizard-type">{t('settings_collections.type')}</label>
        <Select
          id="wizard-type"
          value={schema.type}
          placeholder={t('settings_collections.choose')}
          choices={types.map((type) => ({ value: type, label: type }))}
          onChange={(value) => value && setType(value)}
        />
      </div>
      {!hideColumn && (
        <>
          <div className="designer-form__field">
            <label htmlFor="wizard-datatype">{t('settings_collections.datatype')}</label>
            <Select
              id="wizard-datatype"
              value={schema.datatype}
              placeholder={t('settings_collections.choose')}
              choices={datatypes.map((d) => ({ value: d, label: d }))}
              onChange={(value) => value && setDatatype(value)}
            />
          </div>
          {rule.kind !== 'none' && (
            <div className="designer-form__field">
              <label htmlFor="wizard-length">
                {rule.kind === 'length'
                  ? t('settings_collections.length')
                  : t('settings_collections.precision_scale')}
              </label>
              <TextInput
                id="wizard-length"
                value={schema.length}
                onChange={(length) => onChange({ length })}
                invalid={!!lengthIssue}
                describedBy="wizard-length-hint"
                inputMode={rule.kind === 'length' ? 'numeric' : 'text'}
              />
              <p id="wizard-length-hint" className={lengthIssue ? 'designer-error' : 'designer-hint'}>
                {lengthIssue ?? lengthHint}
              </p>
            </div>
          )}
          <div className="designer-form__field">
            <label htmlFor="wizard-default">{t('settings_collections.default_value')}</label>
            <TextInput
              id="wizard-default"
              value={schema.default_value}
              onChange={(value) => onChange({ default_value: value })}
            />
          </div>
          <div className="designer-form__field designer-form__toggles">
            <Toggle
              id="wizard-unique"
              label={t('settings_collections.unique')}
              checked={schema.unique}
              disabled={primary}
              onChange={(unique) => onChange({ unique })}
            />
            <Toggle
              id="wizard-index"
              label={t('settings_collections.index')}
              checked={canIndex && (schema.index ?? indexedByType(schema.type))}
              disabled={primary || !canIndex}
              describedBy="wizard-index-hint"
              onChange={(index) => onChange({ index })}
            />
            <Toggle
              id="wizard-primary"
              label={t('settings_collections.primary_key')}
              checked={primary}
              disabled
              describedBy="wizard-primary-hint"
              onChange={() => undefined}
            />
            <p id="wizard-index-hint" className="designer-hint">
              {canIndex
                ? t('settings_collections.index_hint')
                : t('settings_collections.index_unavailable', { datatype: schema.datatype })}
            </p>
            <p id="wizard-primary-hint" className="designer-hint">
              {primary
                ? t('settings_collections.primary_fixed')
                : hasPrimary
                  ? t('settings_collections.one_primary')
                  : ''}
            </p>
          </div>
        </>
      )}
      {hideColumn && !isAliasType(schema.type) && (
        <p className="designer-hint designer-form__field--full">{t('settings_collections.key_matches')}</p>
      )}
      <div className="designer-form__field designer-form__field--full">
        <ItemForm
          fields={[
            {
              field: 'note',
              name: t('settings_collections.field_note'),
              type: 'string',
              interface: 'text-input',
              width: 'full',
              sort: 1,
            },
            { ...translationField(t), sort: 2 },
          ]}
          registry={registry}
          values={{ note: schema.note, translation: schema.translation }}
          baseline={{ note: field?.note ?? null, translation: field?.translation ?? null }}
          idPrefix="wizard-meta"
          onStage={(key, value) => onChange({ [key]: value } as Partial<SchemaState>)}
        />
      </div>
    </div>
  );
}

interface RelationStepProps {
  collection: string;
  kind: RelationKind;
  state: RelationState;
  editing: boolean;
  field: FieldDefinition | null;
  onChange: (state: RelationState) => void;
  problem: string | null;
}

function RelationStep({ collection, kind, state, editing, field, onChange, problem }: RelationStepProps) {
  const t = useT();
  const { data } = useAppData();
  const collections = Object.keys(data.schema.collections).sort();
  const choices = collections
    .filter((c) => !c.startsWith('directus_') || c === 'directus_users' || c === 'directus_files')
    .map((c) => ({ value: c, label: c }));
  if (editing) {
    const rows = data.schema.relations.filter(
      (r) =>
        (r.collection_many === collection && r.field_many === field?.field) ||
        (r.collection_one === collection && r.field_one === field?.field),
    );
    return (
      <div>
        <p className="designer-hint">{t('settings_collections.relation_fixed')}</p>
        <ul className="wizard-relations">
          {rows.map((r) => (
            <li key={r.id}>
              <code>
                {r.collection_many}.{r.field_many} → {r.collection_one ?? '–'}
                {r.junction_field ? ` (${t('settings_collections.junction')}: ${r.junction_field})` : ''}
              </code>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const exists = (c: string) => !!data.schema.collections[c];
  const fieldsOf = (c: string) => (data.schema.fields[c] ?? []).map((f) => f.field);
  const text = (key: keyof RelationState, label: string, hint?: string) => (
    <div className="designer-form__field">
      <label htmlFor={`wizard-relation-${key}`}>{label}</label>
      <TextInput
        id={`wizard-relation-${key}`}
        value={state[key]}
        onChange={(value) => onChange({ ...state, [key]: safeName(value) })}
        describedBy={hint ? `wizard-relation-${key}-hint` : undefined}
      />
      {hint && (
        <p id={`wizard-relation-${key}-hint`} className="designer-hint">
          {hint}
        </p>
      )}
    </div>
  );
  const collectionHint = (c: string) =>
    !c
      ? undefined
      : exists(c)
        ? t('settings_collections.collection_exists', { collection: c })
        : t('settings_collections.collection_created', { collection: c });
  const fieldHint = (c: string, f: string) =>
    !f || !exists(c)
      ? undefined
      : fieldsOf(c).includes(f)
        ? t('settings_collections.field_reused', { field: f })
        : t('settings_collections.field_created', { field: f });
  return (
    <div className="designer-form designer-form--grid">
      <p className="designer-hint designer-form__field--full">
        {t(`settings_collections.relation_${kind}`, { collection })}
      </p>
      {(kind === 'm2o' || kind === 'm2m') && (
        <div className="designer-form__field">
          <label htmlFor="wizard-relation-collection_one">
            {t('settings_collections.related_collection')}
          </label>
          <Select
            id="wizard-relation-collection_one"
            value={state.collection_one || null}
            placeholder={t('settings_collections.choose')}
            choices={choices}
            onChange={(value) =>
              onChange(
                kind === 'm2m'
                  ? relationDefaults('m2m', collection, value ?? '')
                  : { ...state, collection_one: value ?? '' },
              )
            }
          />
        </div>
      )}
      {kind === 'o2m' && (
        <>
          {text(
            'collection_many',
            t('settings_collections.child_collection'),
            collectionHint(state.collection_many),
          )}
          {text(
            'field_many',
            t('settings_collections.child_key'),
            fieldHint(state.collection_many, state.field_many),
          )}
        </>
      )}
      {kind === 'm2m' && (
        <>
          {text(
            'collection_many',
            t('settings_collections.junction_collection'),
            collectionHint(state.collection_many),
          )}
          {text(
            'field_many',
            t('settings_collections.junction_this', { collection }),
            fieldHint(state.collection_many, state.field_many),
          )}
          {text(
            'junction_field',
            t('settings_collections.junction_other', { collection: state.collection_one || '…' }),
            fieldHint(state.collection_many, state.junction_field),
          )}
        </>
      )}
      {kind === 'translation' && (
        <>
          {text(
            'collection_many',
            t('settings_collections.translations_collection'),
            collectionHint(state.collection_many),
          )}
          {text(
            'field_many',
            t('settings_collections.child_key'),
            fieldHint(state.collection_many, state.field_many),
          )}
          {text('language_field', t('settings_collections.language_field'))}
        </>
      )}
      {problem && <p className="designer-error designer-form__field--full">{problem}</p>}
    </div>
  );
}
