import type { FieldDefinition } from '../../../engine/types';

/** Facts the file detail shows beside the preview (FileDetail.tsx), so the form does not repeat them. */
const SHOWN_BESIDE = new Set([
  'preview',
  'filename_disk',
  'private_hash',
  'checksum',
  'uploaded_on',
  'uploaded_by',
  'width',
  'height',
  'duration',
  'filesize',
  'metadata',
]);

/**
 * The form of a file's detail page: the editable fields (title, description, tags, location, the
 * download name and the folder, which the system definitions hide on item pages) without the facts
 * the detail part writes out.
 */
export function fileDetailFields(fields: FieldDefinition[]): FieldDefinition[] {
  return fields
    .filter((field) => !SHOWN_BESIDE.has(field.field))
    .map((field) => (field.field === 'folder' ? { ...field, hidden_detail: false } : field));
}
