import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../api/client';
import type { FieldDefinition } from '../../../engine/types';
import type { DefinitionRegistry } from '../../../engine/registry/registry';
import { DisplayValue } from '../../../engine/displays/DisplayValue';
import { fieldLabel } from '../../../engine/form/labels';
import { isOn } from '../../../engine/form/rules';
import { renderTemplate, templateFields } from '../../../engine/templates/render-template';
import { useT } from '../../i18n';
import { Button, IconButton, Modal } from '../../../ui';
import { listPage } from '../../api/items';
import type { PickedItem } from '../../../engine/components/contract';
import { useApi, useRegistry, useSchema } from '../../state/hooks';
import { primaryKeyName } from '../../state/schema-info';
import type { PickerRequest } from './use-relational-services';

/** Spec §9: the picker fetches 200 per page, offers more when exactly 200 came back, searches after 850 ms. */
export const PICKER_PAGE_SIZE = 200;
export const PICKER_SEARCH_DEBOUNCE = 850;

type Row = Record<string, unknown>;

export interface ItemPickerModalProps {
  api: ApiClient;
  registry: DefinitionRegistry;
  /** The collection to pick from. */
  collection: string;
  /** Its fields (for the columns and the sort choices). */
  fields: FieldDefinition[];
  primaryKey: string;
  /** The relational field's template, e.g. `{{ name }}`: its fields become the columns. */
  template?: string | null;
  /** The key currently selected, highlighted in the list. */
  current?: unknown;
  onSelect: (item: Row) => void;
  onClose: () => void;
}

const NO_COLUMN_TYPES = new Set(['alias', 'o2m', 'translation', 'group', 'hash']);

/** The fields that can be shown and sorted on (real columns the caller may read). */
function columnFields(fields: FieldDefinition[]): FieldDefinition[] {
  return fields.filter((field) => !NO_COLUMN_TYPES.has(String(field.type).toLowerCase()));
}

/** Columns: the template's fields when there is one, else the primary key and the first few others. */
function pickColumns(fields: FieldDefinition[], primaryKey: string, template?: string | null) {
  const usable = columnFields(fields);
  const wanted = template ? templateFields(template).map((path) => path.split('.')[0]) : [];
  const fromTemplate = usable.filter((field) => wanted.includes(field.field));
  const rest = usable.filter((field) => !isOn(field.hidden_browse) && field.field !== primaryKey);
  const key = usable.find((field) => field.field === primaryKey);
  const chosen = fromTemplate.length ? fromTemplate : rest.slice(0, 3);
  return key ? [key, ...chosen.filter((field) => field !== key)] : chosen;
}

/**
 * The many-to-one item picker: search (debounced), a sort field and direction, pages of 200 with "load more",
 * and a click on a row chooses that item.
 */
export function ItemPickerModal(props: ItemPickerModalProps) {
  const { api, collection, primaryKey } = props;
  const t = useT();
  const columns = useMemo(
    () => pickColumns(props.fields, primaryKey, props.template),
    [props.fields, primaryKey, props.template],
  );
  const sortable = useMemo(() => columnFields(props.fields), [props.fields]);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [sortField, setSortField] = useState(primaryKey);
  const [descending, setDescending] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [page, setPage] = useState(0);
  const [more, setMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const request = useRef(0);

  // The search only goes out once the user stops typing for 850 ms.
  useEffect(() => {
    if (search === query) return;
    const timer = setTimeout(() => setQuery(search), PICKER_SEARCH_DEBOUNCE);
    return () => clearTimeout(timer);
  }, [search, query]);

  /** Loads one page; page 0 replaces the list, later pages extend it (a failed page is asked for again). */
  const load = useCallback(
    (pageIndex: number) => {
      const id = ++request.current;
      setLoading(true);
      setFailed(false);
      listPage(
        api,
        collection,
        {
          fields: '*',
          limit: PICKER_PAGE_SIZE,
          sort: `${descending ? '-' : ''}${sortField}`,
          q: query || undefined,
        },
        pageIndex,
      ).then(
        (answer) => {
          if (id !== request.current) return;
          const list = answer.data;
          setRows((previous) => (pageIndex === 0 ? list : [...previous, ...list]));
          setPage(pageIndex);
          setMore(list.length === PICKER_PAGE_SIZE);
          setLoading(false);
        },
        () => {
          if (id !== request.current) return;
          if (pageIndex === 0) setRows([]);
          setFailed(true);
          setLoading(false);
        },
      );
    },
    [api, collection, query, sortField, descending],
  );

  // A new search or sort starts again from the first page.
  useEffect(() => load(0), [load]);

  const currentKey =
    props.current && typeof props.current === 'object' ? (props.current as Row)[primaryKey] : props.current;

  return (
    <Modal
      open
      title={t('edit.picker_title')}
      onClose={props.onClose}
      closeLabel={t('edit.picker_close')}
      size="large"
      actions={
        <>
          {more && !loading && (
            <Button variant="secondary" onClick={() => load(page + 1)}>
              {t('edit.picker_load_more')}
            </Button>
          )}
          <Button variant="secondary" onClick={props.onClose}>
            {t('edit.picker_close')}
          </Button>
        </>
      }
    >
      <div className="item-picker__toolbar">
        <input
          type="search"
          className="item-picker__search"
          aria-label={t('edit.picker_search')}
          placeholder={t('edit.picker_search')}
          value={search}
          data-autofocus
          onChange={(event) => setSearch(event.target.value)}
        />
        <label className="item-picker__sort">
          <span>{t('edit.picker_sort')}</span>
          <select value={sortField} onChange={(event) => setSortField(event.target.value)}>
            {sortable.map((field) => (
              <option key={field.field} value={field.field}>
                {fieldLabel(field)}
              </option>
            ))}
          </select>
        </label>
        <IconButton
          icon={descending ? 'arrow_downward' : 'arrow_upward'}
          label={descending ? t('edit.picker_descending') : t('edit.picker_ascending')}
          aria-pressed={descending}
          onClick={() => setDescending((value) => !value)}
        />
      </div>
      <div className="item-picker__list" aria-busy={loading || undefined}>
        <table className="item-picker__table">
          <thead>
            <tr>
              {columns.map((field) => (
                <th key={field.field} scope="col">
                  {fieldLabel(field)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = row[primaryKey];
              const label = props.template ? renderTemplate(props.template, row).trim() : '';
              return (
                <tr
                  key={String(key)}
                  className={String(key) === String(currentKey) ? 'item-picker__row--current' : undefined}
                >
                  {columns.map((field, index) => (
                    <td key={field.field}>
                      {index === 0 ? (
                        <button
                          type="button"
                          className="item-picker__choose"
                          aria-label={label || String(key)}
                          onClick={() => props.onSelect(row)}
                        >
                          <DisplayValue
                            registry={props.registry}
                            field={field}
                            value={row[field.field]}
                            item={row}
                          />
                        </button>
                      ) : (
                        <DisplayValue
                          registry={props.registry}
                          field={field}
                          value={row[field.field]}
                          item={row}
                        />
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        {!loading && !failed && rows.length === 0 && (
          <p className="item-picker__empty">{t('edit.picker_empty')}</p>
        )}
        {failed && (
          <p role="alert" className="item-picker__error">
            {t('edit.picker_failed')}
          </p>
        )}
        {loading && <p className="item-picker__loading">{t('edit.loading')}</p>}
      </div>
    </Modal>
  );
}

/**
 * The picker a relational interface asked for (`useRelationalServices`), on the project's data: the
 * target collection's fields, the field's template, and the choice handed back with its primary key.
 */
export function RequestedItemPicker(props: {
  picker: PickerRequest;
  closePicker: (choice: PickedItem | null) => void;
}) {
  const { picker, closePicker } = props;
  const api = useApi();
  const registry = useRegistry();
  const schema = useSchema();
  const fields = schema.fields[picker.target] ?? [];
  return (
    <ItemPickerModal
      api={api}
      registry={registry}
      collection={picker.target}
      fields={fields}
      primaryKey={picker.primaryKey}
      template={typeof picker.field.options?.template === 'string' ? picker.field.options.template : null}
      current={picker.current}
      onSelect={(item) => closePicker({ item, primaryKey: primaryKeyName(fields) })}
      onClose={() => closePicker(null)}
    />
  );
}
