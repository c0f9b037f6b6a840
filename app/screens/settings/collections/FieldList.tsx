import './catalog';
import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, ConfirmDialog, Icon, IconButton, Notice, Select, Toggle } from '../../../../ui';
import { SortableList, useSortableRow } from '../../../../engine/components/structured/Sortable';
import { layoutWidths } from '../../../../engine/form/rules';
import type { FieldDefinition, FieldWidth } from '../../../../engine/types';
import { useT } from '../../../i18n';
import { useApi, useAppData, useNotify, useRegistry } from '../../../state/hooks';
import { deleteField, updateField, updateFields } from '../../../api/schema';
import { formOrder, moveName, sortChanges, WIDTHS } from './schema-rules';
import { FieldWizard } from './FieldWizard';
import { useErrorText } from '../../../i18n/errors';

const FLAGS = ['hidden_browse', 'hidden_detail', 'required', 'readonly'] as const;
type Flag = (typeof FLAGS)[number];

const on = (value: unknown) => value === true || value === 1 || value === '1';

/**
 * The fields of a collection in form order, laid out by width as the item form will draw them.
 * Each row drags by its handle (pointer or arrow keys); the new order is saved as `sort` in one
 * request. Flags and width save at once; edit and delete go through the wizard and a confirmation.
 */
export function FieldList({ collection }: { collection: string }) {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const errorText = useErrorText();
  const { data, refreshSchema } = useAppData();
  const fields = useMemo(
    () => formOrder(data.schema.fields[collection] ?? []),
    [data.schema.fields, collection],
  );
  const [order, setOrder] = useState<string[]>(() => fields.map((f) => f.field));
  const [error, setError] = useState<string | null>(null);
  const [wizard, setWizard] = useState<{ field: FieldDefinition | null } | null>(null);
  const [deleting, setDeleting] = useState<FieldDefinition | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setOrder(fields.map((f) => f.field)), [fields]);
  const byName = new Map(fields.map((f) => [f.field, f]));
  const ordered = order.map((name) => byName.get(name)).filter((f): f is FieldDefinition => !!f);
  const widths = layoutWidths(ordered);

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorText(failure));
    }
    await refreshSchema().catch(() => undefined);
  };

  const move = (from: number, to: number) => {
    const next = moveName(order, from, to);
    setOrder(next);
    const changes = sortChanges(next, Object.fromEntries(fields.map((f) => [f.field, f.sort])));
    if (!changes.length) return;
    void run(async () => {
      try {
        await updateFields(api, collection, changes);
      } catch (failure) {
        setOrder(fields.map((f) => f.field));
        throw failure;
      }
    });
  };

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    await run(async () => {
      await deleteField(api, collection, deleting.field);
      notify({ title: t('settings_collections.field_deleted', { field: deleting.field }), color: 'success' });
    });
    setBusy(false);
    setDeleting(null);
  };

  return (
    <section className="settings-section designer-section" aria-labelledby="collection-fields">
      <div className="designer-section__head">
        <h2 id="collection-fields" className="settings-section__title">
          {t('settings_collections.fields')}
        </h2>
        <Button icon="add" onClick={() => setWizard({ field: null })}>
          {t('settings_collections.add_field')}
        </Button>
      </div>
      <p className="designer-hint" id="fields-hint">
        {t('settings_collections.fields_hint')}
      </p>
      {error && (
        <Notice color="danger" live="alert">
          {error}
        </Notice>
      )}
      <SortableList ids={order} labelOf={(name) => name} onMove={move}>
        <ol className="designer-fields" aria-describedby="fields-hint" data-testid="designer-fields">
          {ordered.map((field) => (
            <FieldRow
              key={field.field}
              field={field}
              width={widths.get(field.field) ?? 'full'}
              onFlag={(flag, value) =>
                void run(() => updateField(api, collection, field.field, { [flag]: value }))
              }
              onWidth={(width) => void run(() => updateField(api, collection, field.field, { width }))}
              onEdit={() => setWizard({ field })}
              onDelete={() => setDeleting(field)}
            />
          ))}
        </ol>
      </SortableList>
      {wizard && <FieldWizard collection={collection} field={wizard.field} onClose={() => setWizard(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        danger
        busy={busy}
        title={t('settings_collections.delete_field_title', { field: deleting?.field ?? '' })}
        message={t('settings_collections.delete_field_message')}
        confirmLabel={t('settings_collections.delete_field_confirm')}
        cancelLabel={t('settings_collections.cancel')}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

interface FieldRowProps {
  field: FieldDefinition;
  width: FieldWidth;
  onFlag: (flag: Flag, value: boolean) => void;
  onWidth: (width: FieldWidth) => void;
  onEdit: () => void;
  onDelete: () => void;
}

function FieldRow({ field, width, onFlag, onWidth, onEdit, onDelete }: FieldRowProps) {
  const t = useT();
  const registry = useRegistry();
  const definition = field.interface ? registry.getInterface(field.interface) : undefined;
  const row = useSortableRow({
    id: field.field,
    handleId: `field-handle-${field.field}`,
    label: t('settings_collections.move_field', { field: field.field }),
  });
  const primary = on(field.primary_key);
  return (
    <li
      ref={row.setNodeRef}
      style={row.style}
      className={`designer-field designer-field--${width}${row.dragging ? ' designer-field--dragging' : ''}`}
      data-field={field.field}
    >
      <div className="designer-field__head">
        {row.handle}
        <Icon name={definition?.icon ?? 'text_fields'} />
        <span className="designer-field__name">
          <strong>{field.field}</strong>
          <span className="designer-field__meta">
            {definition?.name ?? field.interface ?? t('settings_collections.no_interface')} · {field.type}
            {field.datatype ? ` · ${field.datatype}${field.length ? `(${field.length})` : ''}` : ''}
          </span>
        </span>
        {primary && <Badge subdued>{t('settings_collections.primary_key')}</Badge>}
        <span className="designer-field__buttons">
          <IconButton
            icon="edit"
            label={t('settings_collections.edit_field', { field: field.field })}
            onClick={onEdit}
          />
          {!primary && (
            <IconButton
              icon="delete"
              label={t('settings_collections.delete_field', { field: field.field })}
              onClick={onDelete}
            />
          )}
        </span>
      </div>
      <div className="designer-field__controls">
        <span className="designer-field__width">
          <label htmlFor={`field-width-${field.field}`}>{t('settings_collections.width')}</label>
          <Select
            id={`field-width-${field.field}`}
            value={field.width ?? 'full'}
            placeholder={t('settings_collections.choose')}
            choices={WIDTHS.map((w) => ({ value: w, label: t(`settings_collections.width_${w}`) }))}
            onChange={(value) => value && onWidth(value as FieldWidth)}
          />
        </span>
        {FLAGS.map((flag) => (
          <Toggle
            key={flag}
            id={`field-${flag}-${field.field}`}
            appearance="checkbox"
            label={t(`settings_collections.flag_${flag}`)}
            checked={on(field[flag])}
            onChange={(value) => onFlag(flag, value)}
          />
        ))}
      </div>
    </li>
  );
}
