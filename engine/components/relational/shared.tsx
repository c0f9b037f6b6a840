import { useContext, useMemo, useState } from 'react';
import { Button, Modal } from '../../../ui';
import type { FieldDefinition } from '../../types';
import { useEngineT } from '../../i18n';
import { ItemForm } from '../../form/ItemForm';
import { defaultValues, isOn } from '../../form/rules';
import { renderTemplate } from '../../templates/render-template';
import {
  FormRegistryContext,
  FormServicesContext,
  type InterfaceComponentProps,
  type RelationInfo,
} from '../contract';
import { isRow, type Row } from './entries';

/** Where the field leads, asked of the app once per field (null outside an app or without a relation). */
export function useRelation(field: FieldDefinition): RelationInfo | null {
  const { relation } = useContext(FormServicesContext);
  return useMemo(() => relation?.(field) ?? null, [relation, field]);
}

/** The comma-separated `fields` option as a list. */
export function fieldList(option: unknown): string[] {
  if (Array.isArray(option)) return option.map(String).filter(Boolean);
  if (typeof option !== 'string') return [];
  return option
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** How a related item reads: the template over it, else its `fields`, else its key. */
export function labelOf(item: unknown, primaryKey: string, template?: unknown, fields?: string[]): string {
  if (!isRow(item)) return item === null || item === undefined ? '' : String(item);
  const text = typeof template === 'string' && template ? renderTemplate(template, item).trim() : '';
  if (text) return text;
  const parts = (fields ?? [])
    .map((name) => item[name])
    .filter((value) => value !== null && value !== undefined && value !== '' && typeof value !== 'object')
    .map(String);
  if (parts.length) return parts.join(' · ');
  const key = item[primaryKey];
  return key === null || key === undefined ? '' : String(key);
}

const TO_MANY = new Set(['o2m', 'translation', 'alias', 'files']);

/** The fields a nested form shows: not the key the server assigns, not the link back, no nested lists. */
export function nestedFields(fields: FieldDefinition[], skip: (string | null)[]): FieldDefinition[] {
  return fields.filter((field) => {
    if (skip.includes(field.field)) return false;
    if (TO_MANY.has(String(field.type).toLowerCase())) return false;
    if (isOn(field.primary_key) && (isOn(field.hidden_detail) || isOn(field.readonly))) return false;
    return true;
  });
}

/**
 * A related item created or edited inline: a ui Modal around a nested ItemForm of the related collection's
 * fields. The form's values live here until "Done"; the parent form then stages the whole row.
 */
export function NestedItemModal(props: {
  title: string;
  fields: FieldDefinition[];
  item: Row | null;
  onDone: (values: Row, changed: Row) => void;
  onClose: () => void;
}) {
  const t = useEngineT();
  const registry = useContext(FormRegistryContext);
  const baseline = useMemo(
    () => props.item ?? (defaultValues(props.fields) as Row),
    [props.item, props.fields],
  );
  // The form starts from the item (or the defaults) once; the caller keys this dialog per item.
  const [values, setValues] = useState<Row>(baseline);
  const [changed, setChanged] = useState<Row>({});
  const stage = (field: string, value: unknown) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setChanged((previous) => ({ ...previous, [field]: value }));
  };
  return (
    <Modal
      open
      title={props.title}
      onClose={props.onClose}
      closeLabel={t('interfaces.relational.cancel')}
      size="large"
      actions={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            {t('interfaces.relational.cancel')}
          </Button>
          <Button onClick={() => props.onDone(values, props.item ? changed : values)}>
            {t('interfaces.relational.done')}
          </Button>
        </>
      }
    >
      {registry ? (
        <ItemForm
          fields={props.fields}
          registry={registry}
          values={values}
          baseline={baseline}
          newItem={!props.item}
          onStage={stage}
          idPrefix="nested"
        />
      ) : null}
    </Modal>
  );
}

/** What every relational list component shares: props and the words of its buttons. */
export type RelationalProps = InterfaceComponentProps;
