import { useContext, useEffect, useMemo, useState } from 'react';
import { Tabs } from '../../../ui';
import { useEngineT } from '../../i18n';
import { ItemForm } from '../../form/ItemForm';
import { FormRegistryContext, FormServicesContext, type InterfaceComponentProps } from '../contract';
import { editRow, isRemoved, isRow, keyOf, rowsOf, type Row } from './entries';
import { nestedFields, useRelation } from './shared';
import './relational.css';

interface Language {
  code: string;
  name: string;
}

/** The languages offered: the `languages` option (key → name), used when no languages collection is linked. */
function optionLanguages(option: unknown): Language[] {
  if (!isRow(option)) return [];
  return Object.entries(option).map(([code, name]) => ({ code, name: String(name ?? code) }));
}

/**
 * translation: a tab per language, each with a form of the translations collection's fields. The languages
 * come from the collection the translations' language field points at, else from the `languages` option.
 * Editing a language that has no translation yet creates its row; an existing row records its edits.
 */
export default function Translation(props: InterfaceComponentProps) {
  const t = useEngineT();
  const services = useContext(FormServicesContext);
  const registry = useContext(FormRegistryContext);
  const relation = useRelation(props.field);
  const languageField = (typeof props.languageField === 'string' && props.languageField) || 'language';
  const fromOption = useMemo(() => optionLanguages(props.languages), [props.languages]);
  const [fromCollection, setFromCollection] = useState<Language[] | null>(null);

  // The collection the language field points at (e.g. `languages`) supplies the tabs when there is one.
  const languagesCollection = relation?.languages ?? null;
  useEffect(() => {
    if (!languagesCollection || !services.loadItems) return;
    let live = true;
    services.loadItems(languagesCollection, { limit: 200 }).then(
      (answer) =>
        live &&
        setFromCollection(
          answer.items.map((item) => ({
            code: String(item[answer.primaryKey]),
            name: String(item.name ?? item[answer.primaryKey]),
          })),
        ),
      () => live && setFromCollection([]),
    );
    return () => {
      live = false;
    };
  }, [languagesCollection, services]);

  const languages = fromCollection && fromCollection.length ? fromCollection : fromOption;
  const [selected, setSelected] = useState<string>(languages[0]?.code ?? '');
  useEffect(() => {
    if (!languages.some((language) => language.code === selected) && languages[0])
      setSelected(languages[0].code);
  }, [languages, selected]);

  if (!relation || !registry) {
    return (
      <p id={props.id} className="octavo-related__missing">
        {t('interfaces.relational.no_relation')}
      </p>
    );
  }
  if (!languages.length) {
    return (
      <p id={props.id} className="octavo-related__missing">
        {t('interfaces.relational.no_languages')}
      </p>
    );
  }
  const primaryKey = relation.primaryKey;
  const rows = rowsOf(props.value);
  const codeOf = (row: Row) => keyOf(row[languageField], 'code');
  const row = rows.find((candidate) => !isRemoved(candidate) && codeOf(candidate) === selected) ?? null;
  const stored = row !== null && keyOf(row, primaryKey) !== null;
  const mayWrite = !props.disabled && (stored ? relation.may.update : relation.may.create);
  const fields = nestedFields(relation.fields, [relation.backLink, languageField]).map((field) =>
    mayWrite ? field : { ...field, readonly: true },
  );
  const values = row ?? {};

  const stage = (name: string, value: unknown) => {
    if (!row) {
      props.onChange([...rows, { [languageField]: selected, [name]: value }]);
      return;
    }
    props.onChange(
      rows.map((other) => (other === row ? editRow(row, { [name]: value }, primaryKey) : other)),
    );
  };
  const tabs = languages.map((language) => ({
    id: language.code,
    label: language.name,
    icon: rows.some((candidate) => !isRemoved(candidate) && codeOf(candidate) === language.code)
      ? 'check_circle'
      : undefined,
  }));

  return (
    <div className="octavo-translation" id={props.id} aria-describedby={props.describedBy}>
      <Tabs
        tabs={tabs}
        selected={selected}
        onChange={setSelected}
        label={t('interfaces.relational.languages')}
      >
        {!row && (
          <p className="octavo-translation__note">
            {mayWrite
              ? t('interfaces.relational.translation_new')
              : t('interfaces.relational.translation_none')}
          </p>
        )}
        <ItemForm
          key={selected}
          fields={fields}
          registry={registry}
          values={values}
          baseline={values}
          newItem={!stored}
          onStage={stage}
          idPrefix={`${props.id}-${selected}`}
        />
      </Tabs>
    </div>
  );
}
