import { useEffect, useRef, useState } from 'react';
import { primaryKeyOf, requestedPaths } from '../../../engine/list/build-query';
import { contentPaths } from '../../../engine/list/layout-fields';
import { renderTemplate } from '../../../engine/templates/render-template';
import { loadItemsByKeys } from '../../api/activity';
import type { PermissionModel } from '../../permissions/model';
import { referenceTemplate, systemTitleTemplate } from '../../state/schema-info';
import { useApi, usePermissionModel, useSchema } from '../../state/hooks';
import type { Schema } from '../../state/types';
import { itemsToTitle, type ActivityEntry } from './activity-model';

/** What the log knows of the items its entries name, by `collection/key`. */
export interface ItemTitles {
  titles: ReadonlyMap<string, string>;
  /** Items a full-read lookup did not find: they no longer exist. */
  missing: ReadonlySet<string>;
}

/** How a collection's items are titled: its stored template, a many-to-one's, the system one. */
export function titleTemplateOf(schema: Schema, collection: string): string | null {
  const meta = schema.collections[collection] as Record<string, unknown> | undefined;
  const candidates = [
    meta?.display_template,
    meta?.item_name_template,
    meta?.template,
    referenceTemplate(collection, schema.relations, (name) => schema.fields[name] ?? []),
    systemTitleTemplate(collection),
  ];
  return (
    candidates.find(
      (candidate): candidate is string => typeof candidate === 'string' && candidate.includes('{{'),
    ) ?? null
  );
}

/** Whether the caller reads every item of a collection, so an item it does not get is gone. */
export function readsAll(permissions: PermissionModel, collection: string): boolean {
  if (permissions.admin) return true;
  const permission = permissions.collection(collection);
  return permission.read === 'full' && Object.keys(permission.statuses ?? {}).length === 0;
}

const CHUNK = 100;

/**
 * The titles of the items the entries name, looked up a collection at a time (each item once): the
 * collection's title template rendered against the item, where the caller may read it.
 */
export function useItemTitles(entries: Pick<ActivityEntry, 'collection' | 'item'>[]): ItemTitles {
  const api = useApi();
  const schema = useSchema();
  const permissions = usePermissionModel();
  const asked = useRef(new Set<string>());
  const [known, setKnown] = useState<ItemTitles>({ titles: new Map(), missing: new Set() });

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    for (const [collection, keys] of itemsToTitle(entries)) {
      const fields = schema.fields[collection];
      if (!fields?.length || !permissions.mayBrowse(collection)) continue;
      const fresh = keys.filter((key) => !asked.current.has(`${collection}/${key}`));
      if (!fresh.length) continue;
      for (const key of fresh) asked.current.add(`${collection}/${key}`);
      const primaryKey = primaryKeyOf(fields);
      const template = titleTemplateOf(schema, collection);
      const paths = template ? requestedPaths(fields, contentPaths(template)) : [];
      for (let at = 0; at < fresh.length; at += CHUNK) {
        const chunk = fresh.slice(at, at + CHUNK);
        loadItemsByKeys(api, collection, primaryKey, chunk, paths).then(
          (rows) => {
            if (!mounted.current) return;
            const found = new Set(rows.map((row) => String(row[primaryKey])));
            setKnown((current) => {
              const titles = new Map(current.titles);
              const missing = new Set(current.missing);
              for (const row of rows) {
                const title = template ? renderTemplate(template, row).trim() : '';
                if (title) titles.set(`${collection}/${String(row[primaryKey])}`, title);
              }
              if (readsAll(permissions, collection))
                for (const key of chunk) if (!found.has(key)) missing.add(`${collection}/${key}`);
              return { titles, missing };
            });
          },
          // Without read access the entries keep their keys and links.
          () => undefined,
        );
      }
    }
  }, [api, entries, permissions, schema]);

  return known;
}
