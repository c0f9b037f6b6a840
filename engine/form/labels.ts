import type { FieldDefinition } from '../types';

/** `first_name` → `First Name`: the label of a field without a translated name. */
export function fieldLabel(field: FieldDefinition): string {
  if (field.name) return field.name;
  return field.field
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word[0].toUpperCase() + word.slice(1))
    .join(' ');
}
