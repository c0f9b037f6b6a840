import { useMemo } from 'react';
import type { FieldDefinition, FieldPermissions } from '../../../engine/types';
import { isOn } from '../../../engine/form/rules';
import { isSystemCollection, type RouteKey } from '../../paths';
import { usePermissionModel, useSchema } from '../../state/hooks';
import type { Item } from '../../state/schema-info';

/**
 * What the caller may do on this item page, as the permission model answers it: the form's field
 * permissions, which statuses the status field offers, and whether delete and save show.
 */
export function useItemAccess(collection: string, fields: FieldDefinition[], route: RouteKey, item: Item) {
  const permissions = usePermissionModel();
  const schema = useSchema();
  const single = isOn(schema.collections[collection]?.single);
  const subject = route.isNew ? null : item;

  return useMemo(() => {
    const writable = route.batch
      ? // A batch edit writes the same values into every selected item: judged by the collection.
        new Set(permissions.mayOnSome('update', collection) ? fields.map((field) => field.field) : [])
      : permissions.writableFields(collection, subject);
    const readable = new Set(permissions.readableFields(collection).map((field) => field.field));
    const readOnly = writable.size === 0;
    const formPermissions: FieldPermissions = {
      read_field_blacklist: fields.map((field) => field.field).filter((field) => !readable.has(field)),
      write_field_blacklist: fields.map((field) => field.field).filter((field) => !writable.has(field)),
    };
    const statuses = route.batch ? null : permissions.statusChoices(collection, subject);
    // Revert (spec §4) writes a snapshot back as an update of this item: only with update permission,
    // never on system collections (the server refuses them), and only to a status the caller may set.
    const mayRevert = (snapshot: Item) => {
      if (route.isNew || route.batch || isSystemCollection(collection) || writable.size === 0) return false;
      const statusField = permissions.statusField(collection);
      const status = statusField ? snapshot[statusField] : undefined;
      return (
        statuses === null || status === undefined || status === null || statuses.includes(String(status))
      );
    };
    return {
      readOnly,
      mayDelete:
        !route.isNew &&
        !single &&
        (route.batch
          ? permissions.mayOnSome('delete', collection)
          : permissions.may('delete', collection, item)),
      mayComment: permissions.mayComment(collection),
      mayRevert,
      mayReadActivity: permissions.mayBrowse('directus_activity'),
      mayReadRevisions: permissions.mayBrowse('directus_revisions'),
      formPermissions,
      formFields: statuses ? withStatuses(fields, statuses) : fields,
    };
  }, [permissions, collection, fields, route.isNew, route.batch, single, subject, item]);
}

/** The fields with the status mapping reduced to the statuses the caller may set (spec §6). */
function withStatuses(fields: FieldDefinition[], allowed: string[]): FieldDefinition[] {
  const keep = new Set(allowed);
  return fields.map((field) => {
    const mapping = field.options?.status_mapping as Record<string, { value?: string }> | undefined;
    if (String(field.type).toLowerCase() !== 'status' || !mapping) return field;
    const kept = Object.entries(mapping).filter(([key, entry]) => keep.has(String(entry?.value ?? key)));
    return { ...field, options: { ...field.options, status_mapping: Object.fromEntries(kept) } };
  });
}
