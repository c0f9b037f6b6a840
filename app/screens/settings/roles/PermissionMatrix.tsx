import '../catalogs';
import { Fragment, useState } from 'react';
import { Button, CheckboxGroup, Icon, IconButton, Select } from '../../../../ui';
import { useLocale, useT } from '../../../i18n';
import {
  ACTIONS,
  CREATE_STATUS,
  actionsOf,
  levelState,
  nextLevel,
  parentFieldOf,
  rowKey,
  rowStatuses,
  setAllLevels,
  setParent,
  STATE_ICONS,
  updateRow,
  type Action,
  type CollectionShape,
  type Draft,
  type DraftRow,
} from './permission-draft';

export interface MatrixProps {
  shapes: CollectionShape[];
  draft: Draft;
  /** Keys of rows whose values differ from the saved ones. */
  changed: ReadonlySet<string>;
  onChange: (draft: Draft) => void;
  /** Display name of a collection. */
  nameOf: (collection: string) => string;
  /** Display name of a status value of a collection. */
  statusName: (collection: string, status: string) => string;
  onPreview: (collection: string) => void;
}

/**
 * The permission matrix of a role (spec §6): collections × create / read / update / delete / comment /
 * explain, a level button per cell cycling through what the action allows, a row per status (and
 * `$create`) for workflow collections, per-row field and status blacklists, "all" and "none", and the
 * field a collection's items follow (`$parent:<field>`). User collections first; system ones folded.
 */
export function PermissionMatrix(props: MatrixProps) {
  const t = useT();
  const user = props.shapes.filter((shape) => !shape.system);
  const system = props.shapes.filter((shape) => shape.system);
  return (
    <div className="perm-matrix">
      <MatrixTable {...props} shapes={user} caption={t('settings_roles.user_collections')} />
      <details className="perm-matrix__system">
        <summary>{t('settings_roles.system_collections', { count: system.length })}</summary>
        <MatrixTable {...props} shapes={system} caption={t('settings_roles.system_collections_caption')} />
      </details>
    </div>
  );
}

function MatrixTable(props: MatrixProps & { caption: string }) {
  const t = useT();
  return (
    <div className="perm-matrix__scroll">
      <table className="perm-table">
        <caption className="perm-table__caption">{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="perm-table__name-col">
              {t('settings_roles.collection')}
            </th>
            {ACTIONS.map((action) => (
              <th scope="col" key={action}>
                {t(`settings_roles.action_${action}`)}
              </th>
            ))}
            <th scope="col" className="perm-table__tools-col">
              {t('settings_roles.row_tools')}
            </th>
          </tr>
        </thead>
        {props.shapes.map((shape) => (
          <CollectionRows key={shape.collection} {...props} shape={shape} />
        ))}
      </table>
    </div>
  );
}

function CollectionRows(props: MatrixProps & { shape: CollectionShape }) {
  const t = useT();
  const { shape, draft } = props;
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const name = props.nameOf(shape.collection);
  const rows = rowStatuses(shape).map((status) => draft.get(rowKey(shape.collection, status))!);
  const workflow = shape.statuses !== null;
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const collectionKey = `${shape.collection}\u0000collection`;
  const parent = parentFieldOf(draft, shape.collection);
  const shortcut = (to: 'all' | 'none', only?: DraftRow) =>
    props.onChange(setAllLevels(draft, only ? [only] : rows, to, shape.owned));

  const tools = (row: DraftRow | null, label: string) => {
    const key = row ? rowKey(row.collection, row.status) : collectionKey;
    const detailsOpen = open.has(key);
    return (
      <td className="perm-table__tools">
        <Button
          size="small"
          variant="secondary"
          onClick={() => shortcut('all', row ?? undefined)}
          aria-label={t('settings_roles.all_for', { name: label })}
        >
          {t('settings_roles.all')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          onClick={() => shortcut('none', row ?? undefined)}
          aria-label={t('settings_roles.none_for', { name: label })}
        >
          {t('settings_roles.none')}
        </Button>
        <IconButton
          icon={detailsOpen ? 'expand_less' : 'tune'}
          label={t(detailsOpen ? 'settings_roles.hide_details' : 'settings_roles.show_details', {
            name: label,
          })}
          aria-expanded={detailsOpen}
          onClick={() => toggle(key)}
          tooltip={false}
        />
        {row === null || !workflow ? (
          <IconButton
            icon="visibility"
            label={t('settings_roles.preview_collection', { name })}
            onClick={() => props.onPreview(shape.collection)}
            tooltip={false}
          />
        ) : null}
      </td>
    );
  };

  const parentControl = (
    <ParentControl
      shape={shape}
      value={parent}
      onChange={(field) => props.onChange(setParent(draft, shape.collection, field))}
      nameOf={props.nameOf}
    />
  );

  return (
    <tbody className="perm-table__group" data-collection={shape.collection}>
      {workflow ? (
        <>
          <tr className="perm-table__collection">
            <th scope="row" className="perm-table__name">
              <span className="perm-table__title">{name}</span>
              {parent && <ParentBadge field={parent} />}
            </th>
            <td colSpan={ACTIONS.length} className="perm-table__per-status">
              {t('settings_roles.per_status')}
            </td>
            {tools(null, name)}
          </tr>
          {open.has(collectionKey) && (
            <tr className="perm-table__details">
              <td colSpan={ACTIONS.length + 2}>{parentControl}</td>
            </tr>
          )}
          {rows.map((row) => {
            const key = rowKey(row.collection, row.status);
            const statusLabel =
              row.status === CREATE_STATUS
                ? t('settings_roles.status_create')
                : props.statusName(shape.collection, row.status!);
            const label = t('settings_roles.row_label', { collection: name, status: statusLabel });
            return (
              <Fragment key={key}>
                <tr
                  className={`perm-table__status${props.changed.has(key) ? ' perm-table__row--changed' : ''}`}
                >
                  <th scope="row" className="perm-table__name perm-table__name--status">
                    <span>{statusLabel}</span>
                    {props.changed.has(key) && <ChangedMark />}
                    <RowNote row={row} />
                    {row.status === CREATE_STATUS && row.id === undefined && row.create === 'none' && (
                      <span className="perm-table__note">{t('settings_roles.status_create_unset')}</span>
                    )}
                  </th>
                  <LevelCells row={row} owned={shape.owned} label={label} {...props} />
                  {tools(row, label)}
                </tr>
                {open.has(key) && (
                  <tr className="perm-table__details">
                    <td colSpan={ACTIONS.length + 2}>
                      <RowDetails {...props} row={row} label={label} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </>
      ) : (
        <>
          <tr
            className={`perm-table__collection${props.changed.has(rowKey(shape.collection, null)) ? ' perm-table__row--changed' : ''}`}
          >
            <th scope="row" className="perm-table__name">
              <span className="perm-table__title">{name}</span>
              {parent && <ParentBadge field={parent} />}
              {props.changed.has(rowKey(shape.collection, null)) && <ChangedMark />}
              <RowNote row={rows[0]} />
            </th>
            <LevelCells row={rows[0]} owned={shape.owned} label={name} {...props} />
            {tools(rows[0], name)}
          </tr>
          {open.has(rowKey(shape.collection, null)) && (
            <tr className="perm-table__details">
              <td colSpan={ACTIONS.length + 2}>
                <RowDetails {...props} row={rows[0]} label={name} />
                {parentControl}
              </td>
            </tr>
          )}
        </>
      )}
    </tbody>
  );
}

/** What the row hides and protects, at a glance (its details list the fields). */
function RowNote({ row }: { row: DraftRow }) {
  const t = useT();
  const { locale } = useLocale();
  const parts = [
    row.read_field_blacklist.length > 0 &&
      t('settings_roles.note_hidden', { count: row.read_field_blacklist.length }),
    row.write_field_blacklist.length > 0 &&
      t('settings_roles.note_read_only', { count: row.write_field_blacklist.length }),
    row.status_blacklist.length > 0 &&
      t('settings_roles.note_statuses', { count: row.status_blacklist.length }),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return (
    <span className="perm-table__note">
      {new Intl.ListFormat(locale, { style: 'short', type: 'unit' }).format(parts)}
    </span>
  );
}

function ChangedMark() {
  const t = useT();
  return (
    <span className="perm-table__changed" title={t('settings_roles.unsaved_row')}>
      <Icon name="fiber_manual_record" size={12} label={t('settings_roles.unsaved_row')} />
    </span>
  );
}

function ParentBadge({ field }: { field: string }) {
  const t = useT();
  return (
    <span className="perm-table__parent-badge">
      <Icon name="account_tree" size="small" />
      {t('settings_roles.follows_badge', { field })}
    </span>
  );
}

function LevelCells(props: MatrixProps & { row: DraftRow; owned: boolean; label: string }) {
  const t = useT();
  const { row } = props;
  const decided = actionsOf(row);
  return (
    <>
      {ACTIONS.map((action) => {
        if (!decided.includes(action))
          return (
            <td key={action} className="perm-table__na">
              <span aria-label={t('settings_roles.not_applicable')}>–</span>
            </td>
          );
        return (
          <td key={action}>
            <LevelButton
              action={action}
              level={row[action]}
              label={props.label}
              onClick={() =>
                props.onChange(
                  updateRow(props.draft, row, { [action]: nextLevel(action, row[action], props.owned) }),
                )
              }
            />
          </td>
        );
      })}
    </>
  );
}

/** One cell: the spec's permission state as icon and label; a click moves to the next level. */
export function LevelButton(props: { action: Action; level: string; label: string; onClick: () => void }) {
  const t = useT();
  const state = levelState(props.action, props.level);
  const stateLabel = t(`settings_roles.state_${state}`);
  return (
    <button
      type="button"
      className={`perm-level perm-level--${state}`}
      onClick={props.onClick}
      aria-label={t('settings_roles.level_button', {
        row: props.label,
        action: t(`settings_roles.action_${props.action}`),
        state: stateLabel,
      })}
      data-action={props.action}
      data-level={props.level}
    >
      <Icon name={STATE_ICONS[state] ?? 'help'} size="small" />
      <span className="perm-level__text">{stateLabel}</span>
    </button>
  );
}

function RowDetails(props: MatrixProps & { row: DraftRow; shape: CollectionShape; label: string }) {
  const t = useT();
  const { row, shape } = props;
  const choices = shape.fields.map((field) => ({ value: field, label: field }));
  const id = `perm-${shape.collection}-${row.status ?? 'all'}`.replace(/[^A-Za-z0-9_-]/g, '_');
  const set = (change: Partial<DraftRow>) => props.onChange(updateRow(props.draft, row, change));
  const creation = row.status === CREATE_STATUS;
  return (
    <div className="perm-details">
      {!creation && (
        <fieldset className="perm-details__group">
          <legend>{t('settings_roles.read_blacklist')}</legend>
          <p className="perm-details__hint">{t('settings_roles.read_blacklist_hint')}</p>
          <CheckboxGroup
            id={`${id}-read`}
            label={t('settings_roles.read_blacklist_of', { name: props.label })}
            choices={choices}
            value={row.read_field_blacklist}
            onChange={(value) => set({ read_field_blacklist: value })}
          />
          <BlacklistShortcuts
            label={t('settings_roles.read_blacklist_of', { name: props.label })}
            onAll={() => set({ read_field_blacklist: [...shape.fields] })}
            onNone={() => set({ read_field_blacklist: [] })}
          />
        </fieldset>
      )}
      <fieldset className="perm-details__group">
        <legend>{t('settings_roles.write_blacklist')}</legend>
        <p className="perm-details__hint">{t('settings_roles.write_blacklist_hint')}</p>
        <CheckboxGroup
          id={`${id}-write`}
          label={t('settings_roles.write_blacklist_of', { name: props.label })}
          choices={choices}
          value={row.write_field_blacklist}
          onChange={(value) => set({ write_field_blacklist: value })}
        />
        <BlacklistShortcuts
          label={t('settings_roles.write_blacklist_of', { name: props.label })}
          onAll={() => set({ write_field_blacklist: [...shape.fields] })}
          onNone={() => set({ write_field_blacklist: [] })}
        />
      </fieldset>
      {shape.statuses && (
        <fieldset className="perm-details__group">
          <legend>{t('settings_roles.status_blacklist')}</legend>
          <p className="perm-details__hint">{t('settings_roles.status_blacklist_hint')}</p>
          <CheckboxGroup
            id={`${id}-status`}
            label={t('settings_roles.status_blacklist_of', { name: props.label })}
            choices={shape.statuses.map((status) => ({
              value: status,
              label: props.statusName(shape.collection, status),
            }))}
            value={row.status_blacklist}
            onChange={(value) => set({ status_blacklist: value })}
          />
        </fieldset>
      )}
    </div>
  );
}

function BlacklistShortcuts(props: { label: string; onAll: () => void; onNone: () => void }) {
  const t = useT();
  return (
    <div className="perm-details__shortcuts">
      <Button
        size="small"
        variant="secondary"
        onClick={props.onAll}
        aria-label={t('settings_roles.check_all', { name: props.label })}
      >
        {t('settings_roles.all')}
      </Button>
      <Button
        size="small"
        variant="secondary"
        onClick={props.onNone}
        aria-label={t('settings_roles.check_none', { name: props.label })}
      >
        {t('settings_roles.none')}
      </Button>
    </div>
  );
}

function ParentControl(props: {
  shape: CollectionShape;
  value: string | null;
  onChange: (field: string | null) => void;
  nameOf: (collection: string) => string;
}) {
  const t = useT();
  const { shape } = props;
  const id = `perm-parent-${shape.collection}`.replace(/[^A-Za-z0-9_-]/g, '_');
  if (shape.parents.length === 0) {
    return <p className="perm-details__hint">{t('settings_roles.no_parent_fields')}</p>;
  }
  const target = shape.parents.find((entry) => entry.field === props.value);
  return (
    <div className="perm-parent">
      <label htmlFor={id} className="perm-parent__label">
        {t('settings_roles.follows_parent')}
      </label>
      <Select
        id={id}
        describedBy={`${id}-hint`}
        choices={shape.parents.map((entry) => ({
          value: entry.field,
          label: t('settings_roles.parent_choice', {
            field: entry.field,
            collection: props.nameOf(entry.collection),
          }),
        }))}
        value={props.value}
        placeholder={t('settings_roles.follows_nothing')}
        onChange={props.onChange}
      />
      <p id={`${id}-hint`} className="perm-details__hint">
        {target
          ? t('settings_roles.follows_parent_on', {
              collection: props.nameOf(shape.collection),
              parent: props.nameOf(target.collection),
              field: target.field,
            })
          : t('settings_roles.follows_parent_hint')}
      </p>
    </div>
  );
}
