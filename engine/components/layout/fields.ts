import type { FieldDefinition } from '../../types';
import { fieldLabel } from '../../form/labels';
import { browsableFields } from '../../list/build-query';
import { imageFields } from '../../list/cards';

/** Types with no column: they cannot be sorted on. */
const NO_COLUMN = new Set(['alias', 'o2m', 'group', 'translation']);
const typeOf = (field: FieldDefinition) => String(field.type).toLowerCase();

export interface FieldChoice {
  value: string;
  label: string;
}

const choice = (field: FieldDefinition): FieldChoice => ({ value: field.field, label: fieldLabel(field) });

/** Fields a table can show as columns: the browsable ones, without layout-only aliases (dividers). */
export function columnChoices(fields: FieldDefinition[]): FieldChoice[] {
  return browsableFields(fields)
    .filter((field) => typeOf(field) !== 'alias' || field.interface === 'file')
    .map(choice);
}

/** Fields a list can be sorted on: those with a column. */
export function sortChoices(fields: FieldDefinition[]): FieldChoice[] {
  return fields.filter((field) => !NO_COLUMN.has(typeOf(field))).map(choice);
}

/** `kind: image`: the fields a card image may come from; otherwise every browsable field. */
export function fieldChoices(
  fields: FieldDefinition[],
  kind: unknown,
  related?: (field: FieldDefinition) => string | null,
): FieldChoice[] {
  return (kind === 'image' ? imageFields(fields, related) : browsableFields(fields)).map(choice);
}
