import type { Knex } from 'knex';
import type { Accountability, ProjectContext } from '../context';
import type { Dialect } from '../database/dialects';
import { ApiError, isApiError } from '../errors';
import { applyFilter, type SqlScope } from '../query/filter-to-sql';
import { castValue } from '../query/cast-value';
import { coerceFilterValue } from '../query/coerce-value';
import { readItems, type Item, type ReadContext, type ReadResult } from '../query/execute-read';
import type { Query } from '../query/types';
import { timedRead, type SlowReadLogger } from './slow-reads';
import { schemaCache } from '../schema/cache';
import type { CollectionInfo, FieldInfo, SchemaModel } from '../schema/types';
import { emitItemEvent, type ItemEvent } from './events';
import { announceItemChanges, assertRevision, lockItemRow, type ItemChange } from './item-changes';
import { recordActivity, recordRevision, type ActivityAction } from './activity';
import { assertKnownFields, isServerFilled, prepareValues } from './payload';
import { isSecretField, isSoftDeleted, permissionsFor, type Permissions } from './permissions';
import { readSettings, numberSetting } from './settings';
import { bucketOf, RowCountDeltas } from './row-counts';
import { onInvalidate } from '../database/invalidation';

export type PrimaryKey = string | number;

/** What a hook gets: the open transaction and who is writing. */
export interface HookContext {
  trx: Knex.Transaction;
  collection: string;
  accountability: Accountability;
  schema: SchemaModel;
  project: ProjectContext;
}

/**
 * Per-collection behaviour of the system collections. Hooks run inside the write's transaction,
 * for root and nested writes alike; throwing an ApiError aborts the whole request.
 */
export interface ItemsHooks {
  /** Before validation; may return a changed payload (column values and relations). */
  beforeCreate?(payload: Item, ctx: HookContext): Promise<Item | void> | Item | void;
  afterCreate?(key: PrimaryKey, payload: Item, ctx: HookContext): Promise<void> | void;
  beforeUpdate?(
    key: PrimaryKey,
    payload: Item,
    existing: Item,
    ctx: HookContext,
  ): Promise<Item | void> | Item | void;
  afterUpdate?(key: PrimaryKey, payload: Item, ctx: HookContext): Promise<void> | void;
  beforeDelete?(key: PrimaryKey, existing: Item, ctx: HookContext): Promise<void> | void;
  afterDelete?(key: PrimaryKey, existing: Item, ctx: HookContext): Promise<void> | void;
}

const registeredHooks = new Map<string, ItemsHooks>();

/** Registers the hooks of a (system) collection for every ItemsService write, nested ones included. */
export function registerItemsHooks(collection: string, hooks: ItemsHooks): void {
  registeredHooks.set(collection, hooks);
}

export interface ItemsServiceOptions {
  collection: string;
  /** Hooks for this service's root collection, in place of the registered ones. */
  hooks?: ItemsHooks;
  /** Internal writes by the server: no permission checks (activity is still recorded). */
  trusted?: boolean;
  /** Record activity and revisions (default true; collection presets pass false). */
  activity?: boolean;
  /** The activity action of a create (default `create`; files use `upload`). */
  createAction?: ActivityAction;
  /** Run inside this transaction instead of opening one. */
  trx?: Knex.Transaction;
  /**
   * With `trx`: where the writes' item events go, for the owner of the transaction to emit after
   * it commits (without it they are dropped).
   */
  events?: Array<Omit<ItemEvent, 'project' | 'accountability'>>;
  /** Skip required-field validation (e.g. invitations create users without a password). */
  skipRequired?: boolean;
  /** Where list reads slower than `OCTAVO_SLOW_QUERY_MS` are reported (the request's logger). */
  log?: SlowReadLogger;
}

/* ---------------------------------------------------------------- settings, cached briefly */

interface ReadSettings {
  at: number;
  defaultLimit: number;
  nullsLast: boolean;
}
const SETTINGS_TTL = 5000;
const settingsCache = new Map<string, { knex: ProjectContext['knex']; settings: Promise<ReadSettings> }>();

function readSettingsFor(project: ProjectContext): Promise<ReadSettings> {
  const cached = settingsCache.get(project.key);
  if (cached && cached.knex === project.knex) return cached.settings;
  const loading = readSettings(project.knex).then((settings) => {
    const defaultLimit = numberSetting(settings, 'default_limit', 20);
    const nullsRaw = settings.sort_null_last;
    return {
      at: Date.now(),
      defaultLimit: defaultLimit > 0 ? defaultLimit : 20,
      nullsLast:
        nullsRaw === undefined || nullsRaw === null || nullsRaw === ''
          ? true
          : !['0', 'false'].includes(nullsRaw),
    };
  });
  const entry = { knex: project.knex, settings: loading };
  settingsCache.set(project.key, entry);
  const forget = () => settingsCache.get(project.key) === entry && settingsCache.delete(project.key);
  loading.then(() => setTimeout(forget, SETTINGS_TTL).unref(), forget);
  return loading;
}

/** Drops the cached `default_limit` / `sort_null_last` of a project (after settings change). */
export function invalidateReadSettings(projectKey: string): void {
  settingsCache.delete(projectKey);
}
onInvalidate('settings', invalidateReadSettings);

/* ---------------------------------------------------------------- database errors */

/** Maps the constraint violations a dialect recognises to API errors (204 duplicate, 4 not null, 12 too long). */
function mapDatabaseError(error: unknown, dialect: Dialect, collection: string): unknown {
  if (isApiError(error)) return error;
  const violation = dialect.violation(error);
  switch (violation?.kind) {
    case 'unique':
      return new ApiError(
        'DUPLICATE_ITEM',
        violation.value !== undefined
          ? `Duplicate key "${violation.value}" for collection "${collection}"`
          : `Duplicate key for collection "${collection}"`,
      );
    case 'not_null':
      return new ApiError(
        'INVALID_REQUEST',
        `${violation.column ?? 'A field'}: This value should not be blank.`,
      );
    case 'too_long':
      return new ApiError('UNPROCESSABLE_ENTITY', 'A value is too long for its field');
    case 'out_of_range':
      return new ApiError('INVALID_REQUEST', 'A value does not fit its field');
    default:
      return error;
  }
}

/* ---------------------------------------------------------------- the write engine */

interface Parent {
  collection: string;
  item: PrimaryKey | null;
  changed: boolean;
}

interface WriteState {
  project: ProjectContext;
  trx: Knex.Transaction;
  schema: SchemaModel;
  permissions: Permissions;
  accountability: Accountability;
  trusted: boolean;
  comment: string | null;
  activity: boolean;
  now: Date;
  rootHooks: ItemsHooks | undefined;
  rootCollection: string;
  createAction: ActivityAction;
  skipRequired: boolean;
  /** Item events, emitted once the transaction has committed. */
  events: Array<Omit<ItemEvent, 'project' | 'accountability'>>;
  /** The revisions recorded, announced to the item event streams once committed. */
  changes: ItemChange[];
  /** Row counter adjustments (row-counts.ts), applied at the end of the transaction. */
  counts: RowCountDeltas;
}

function isObject(value: unknown): value is Item {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function hooksOf(state: WriteState, collection: string): ItemsHooks | undefined {
  if (collection === state.rootCollection && state.rootHooks) return state.rootHooks;
  return registeredHooks.get(collection);
}

function hookContext(state: WriteState, collection: string): HookContext {
  return {
    trx: state.trx,
    collection,
    accountability: state.accountability,
    schema: state.schema,
    project: state.project,
  };
}

function infoOf(schema: SchemaModel, collection: string): CollectionInfo {
  const info = schema.collections.get(collection);
  if (!info) throw new ApiError('COLLECTION_NOT_FOUND', `Collection "${collection}" not found`);
  return info;
}

/** A key as the column stores it; a key that cannot exist → 203. */
function keyFor(state: WriteState, info: CollectionInfo, key: unknown): PrimaryKey {
  const field = info.fields.get(info.primaryKey)!;
  if (key === null || key === undefined || typeof key === 'object')
    throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  try {
    const value = coerceFilterValue(field, key as string | number, state.project.dialect, state.now);
    if (value === null || typeof value === 'boolean') throw new Error('bad key');
    return value;
  } catch {
    throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  }
}

async function loadRow(state: WriteState, info: CollectionInfo, key: PrimaryKey): Promise<Item | undefined> {
  return (await state.trx(info.collection).where(info.primaryKey, key).first()) as Item | undefined;
}

/** Whether the caller may see a stored row (writes act only on items the caller can read). */
async function visible(state: WriteState, info: CollectionInfo, key: PrimaryKey): Promise<boolean> {
  if (state.trusted || state.permissions.admin) return true;
  if (!state.permissions.canReadCollection(info.collection)) return false;
  const rowFilter = state.permissions.rowFilter(info.collection);
  if (!rowFilter) return true;
  const scope: SqlScope = {
    knex: state.trx,
    dialect: state.project.dialect,
    schema: state.schema,
    guard: state.permissions,
    now: state.now,
    aliases: { next: 1 },
  };
  const qb = state
    .trx({ t0: info.collection })
    .where(`t0.${info.primaryKey}`, key)
    .first(`t0.${info.primaryKey}`);
  applyFilter(qb, scope, info.collection, 't0', rowFilter, true);
  return (await qb) !== undefined;
}

/** The parent key of an item whose collection follows its parent (undefined otherwise). */
function parentKeyOf(state: WriteState, info: CollectionInfo, row: Item): unknown {
  const link = state.permissions.parentOf(info.collection);
  return link && link !== 'broken' ? row[link.field] : undefined;
}

/**
 * Items of a collection that follows its parent (`$parent:<field>` permission rows) are written only
 * by callers who may update the parent item: the one stored and, when the write re-parents the item,
 * the new one. An item without a parent cannot be written through such a row.
 */
async function checkParent(
  state: WriteState,
  info: CollectionInfo,
  action: 'create' | 'update' | 'delete',
  parentKeys: unknown[],
): Promise<void> {
  if (state.trusted || state.permissions.admin) return;
  const link = state.permissions.parentOf(info.collection);
  if (!link) return;
  const denied = (why: string) =>
    new ApiError(
      action === 'create'
        ? 'FORBIDDEN_COLLECTION_CREATE'
        : action === 'update'
          ? 'FORBIDDEN_COLLECTION_UPDATE'
          : 'FORBIDDEN_COLLECTION_DELETE',
      `Items of "${info.collection}" follow their ${link === 'broken' ? 'parent' : `"${link.field}"`}: ${why}`,
    );
  if (link === 'broken') throw denied('the permission names no many-to-one field');
  const parentInfo = state.schema.collections.get(link.collection)!;
  for (const raw of new Set(parentKeys.map((key) => (key === undefined ? null : key)))) {
    if (raw === null || raw === '') throw denied('an item without one cannot be written');
    const key = keyFor(state, parentInfo, raw);
    const row = await loadRow(state, parentInfo, key);
    if (
      !row ||
      !(await visible(state, parentInfo, key)) ||
      !state.permissions.mayUpdateItem(parentInfo, row)
    ) {
      throw denied(`updating ${link.collection} ${String(key)} was denied`);
    }
  }
}

/** The stored row as revisions keep it: cast like reads, without secrets. */
function snapshot(state: WriteState, info: CollectionInfo, row: Item): Item {
  const data: Item = {};
  for (const [name, value] of Object.entries(row)) {
    const field = info.fields.get(name);
    if (!field || isSecretField(state.schema, info.collection, name)) continue;
    data[name] = castValue(field, value);
  }
  return data;
}

function deltaOf(state: WriteState, info: CollectionInfo, columns: Item, withKey: boolean): Item | null {
  const delta: Item = {};
  for (const [name, value] of Object.entries(columns)) {
    const field = info.fields.get(name);
    if (!field || field.alias || isSecretField(state.schema, info.collection, name)) continue;
    if (!withKey && name === info.primaryKey) continue;
    delta[name] = value;
  }
  return Object.keys(delta).length > 0 ? delta : null;
}

async function log(
  state: WriteState,
  info: CollectionInfo,
  action: ActivityAction,
  key: PrimaryKey,
  columns: Item,
  parent: Parent | null,
  withRevision: boolean,
): Promise<void> {
  if (!state.activity || info.collection === 'directus_activity' || info.collection === 'directus_revisions')
    return;
  const activity = await recordActivity(state.trx, {
    action,
    accountability: state.accountability,
    collection: info.collection,
    item: key,
    comment: parent ? null : state.comment,
    now: state.now,
  });
  if (!withRevision) return;
  const row = await loadRow(state, info, key);
  state.changes.push({
    project: state.project.key,
    collection: info.collection,
    item: String(key),
    revision: activity,
    user: state.accountability.user ?? null,
  });
  await recordRevision(
    state.trx,
    {
      activity,
      collection: info.collection,
      item: key,
      data: row ? snapshot(state, info, row) : {},
      delta: deltaOf(state, info, columns, action === 'create'),
      parent,
    },
    state.project.dialect,
  );
}

interface SplitPayload {
  /** Column values, m2o objects already written and replaced by their keys. */
  columns: Item;
  /** o2m / translation / m2m lists, written after the item. */
  toMany: Array<{ field: FieldInfo; value: unknown[] }>;
}

/** Resolves m2o objects (create / update / delete the related item) and sets to-many lists aside. */
async function splitPayload(state: WriteState, info: CollectionInfo, payload: Item): Promise<SplitPayload> {
  assertKnownFields(info, Object.keys(payload));
  const columns: Item = {};
  const toMany: SplitPayload['toMany'] = [];
  for (const [name, value] of Object.entries(payload)) {
    if (name === '$delete') continue;
    const field = info.fields.get(name)!;
    const relation = field.relation;
    if (field.alias) {
      if (!relation || relation.kind === 'm2o' || value === null || value === undefined) continue;
      if (!Array.isArray(value)) throw new ApiError('INVALID_REQUEST', `${name}: expected a list of items`);
      toMany.push({ field, value });
      continue;
    }
    if (relation?.kind === 'm2o' && value !== null && typeof value === 'object') {
      if (Array.isArray(value) || Object.keys(value).length === 0) continue;
      const related = infoOf(state.schema, relation.collection);
      const object = value as Item;
      const relatedKey = object[related.primaryKey];
      if (relatedKey !== undefined && relatedKey !== null) {
        if (object.$delete === true) {
          await deleteOne(state, related, relatedKey, null);
          columns[name] = null;
          continue;
        }
        const rest = Object.keys(object).filter((k) => k !== related.primaryKey && k !== '$delete');
        const key = keyFor(state, related, relatedKey);
        if (rest.length > 0) await updateOne(state, related, key, object, null);
        else if (!(await loadRow(state, related, key)))
          throw new ApiError('ITEM_NOT_FOUND', `Item not found in "${related.collection}"`);
        columns[name] = key;
      } else {
        columns[name] = await createOne(state, related, object, null);
      }
      continue;
    }
    columns[name] = value;
  }
  return { columns, toMany };
}

/** Writes the to-many lists of an item: create, update, attach, detach and `$delete` its children. */
async function writeToMany(
  state: WriteState,
  info: CollectionInfo,
  key: PrimaryKey,
  lists: SplitPayload['toMany'],
  changed: boolean,
): Promise<void> {
  for (const { field, value } of lists) {
    const relation = field.relation;
    if (!relation || relation.kind === 'm2o') continue;
    const child = infoOf(state.schema, relation.collection);
    const parent: Parent = { collection: info.collection, item: key, changed };
    for (const entry of value) {
      if (entry === null || entry === undefined) continue;
      if (!isObject(entry)) {
        if (Array.isArray(entry))
          throw new ApiError('INVALID_REQUEST', `${field.field}: expected items or keys`);
        // A bare key attaches an existing child.
        await updateOne(state, child, keyFor(state, child, entry), { [relation.field]: key }, parent);
        continue;
      }
      const childKey = entry[child.primaryKey];
      if (childKey === undefined || childKey === null) {
        if (entry.$delete === true) continue;
        await createOne(state, child, { ...entry, [relation.field]: key }, parent);
        continue;
      }
      const typedKey = keyFor(state, child, childKey);
      if (entry.$delete === true) {
        // o2m: the child goes; m2m: the junction row goes, the far item stays.
        await deleteOne(state, child, typedKey, parent);
        continue;
      }
      const patch: Item = { ...entry };
      if (!(relation.field in patch)) patch[relation.field] = key;
      const exists = await loadRow(state, child, typedKey);
      if (exists) await updateOne(state, child, typedKey, patch, parent, exists);
      else await createOne(state, child, patch, parent);
    }
  }
}

async function nextSort(state: WriteState, info: CollectionInfo): Promise<number> {
  const [row] = (await state.trx(info.collection).max({ max: info.sortField! })) as Array<{ max: unknown }>;
  const max = Number(row?.max ?? 0);
  return (Number.isFinite(max) ? max : 0) + 1;
}

/** The payload without the collection's read-only fields (relations and aliases are never read-only). */
function withoutReadonly(info: CollectionInfo, input: Item): Item {
  const kept: Item = {};
  for (const [name, value] of Object.entries(input)) {
    const field = info.fields.get(name);
    if (field?.readonly && !field.alias && !field.primaryKey) continue;
    kept[name] = value;
  }
  return kept;
}

/** The create permission for a payload (its status: the cast value once there is one). */
function checkCreate(state: WriteState, info: CollectionInfo, payload: Item, values?: Item): void {
  const source = values ?? payload;
  const status = info.statusField
    ? (source[info.statusField] ?? info.fields.get(info.statusField)?.defaultValue ?? undefined)
    : undefined;
  const written = Object.keys(payload).filter(
    (name) => name !== '$delete' && !isServerFilled(info.fields.get(name)),
  );
  state.permissions.assertCreate(info, status, written, state.comment);
}

/** The update permission for a patch of a stored item. */
function checkUpdate(
  state: WriteState,
  info: CollectionInfo,
  existing: Item,
  payload: Item,
  newStatus: unknown,
) {
  const written = Object.keys(payload).filter(
    (name) => name !== '$delete' && name !== info.primaryKey && !isServerFilled(info.fields.get(name)),
  );
  state.permissions.assertUpdate(info, existing, written, newStatus, state.comment);
}

async function createOne(
  state: WriteState,
  info: CollectionInfo,
  input: Item,
  parent: Parent | null,
): Promise<PrimaryKey> {
  if (!isObject(input)) throw new ApiError('INVALID_PAYLOAD');
  // Read-only fields are not the caller's to set, on create as on update (administrators may);
  // what hooks add afterwards (server-managed values) stays.
  if (!state.trusted && !state.permissions.admin) input = withoutReadonly(info, input);
  // Permissions first: a hook never runs (nor answers) for a write the caller may not make.
  if (!state.trusted) checkCreate(state, info, input);
  const hooks = hooksOf(state, info.collection);
  const payload = (await hooks?.beforeCreate?.(input, hookContext(state, info.collection))) ?? input;
  const { columns, toMany } = await splitPayload(state, info, payload);
  const values = await prepareValues(info, columns, {
    action: 'create',
    dialect: state.project.dialect,
    now: state.now,
    user: state.accountability.user,
    admin: state.permissions.admin || state.trusted,
    skipRequired: state.skipRequired && info.collection === state.rootCollection,
  });
  // Again on what the hooks made of the payload (a hook may add fields).
  if (!state.trusted) checkCreate(state, info, payload, values);
  await checkParent(state, info, 'create', [parentKeyOf(state, info, values)]);
  if (info.sortField && (values[info.sortField] === undefined || values[info.sortField] === null)) {
    values[info.sortField] = await nextSort(state, info);
  }
  const pkField = info.fields.get(info.primaryKey)!;
  let key: PrimaryKey;
  if (values[info.primaryKey] !== undefined && values[info.primaryKey] !== null) {
    await state.trx(info.collection).insert(values);
    key = values[info.primaryKey] as PrimaryKey;
  } else {
    if (!pkField.autoIncrement && !pkField.defaultValue) {
      throw new ApiError('INVALID_REQUEST', `${info.primaryKey}: This value should not be blank.`);
    }
    key = (await state.project.dialect.insertReturningId(
      state.trx,
      info.collection,
      values,
      info.primaryKey,
    )) as string | number;
  }
  // The status the row was stored with (the column default when the payload has none).
  const counted =
    info.statusField && values[info.statusField] === undefined
      ? (((await state.trx(info.collection).where(info.primaryKey, key).first(info.statusField)) as
          Item | undefined) ?? {})
      : values;
  state.counts.add(info, bucketOf(info, counted), 1);
  state.events.push({
    action: 'create',
    collection: info.collection,
    keys: [key],
    payload: { ...values, [info.primaryKey]: key },
  });
  await writeToMany(state, info, key, toMany, true);
  await log(
    state,
    info,
    parent ? 'create' : info.collection === state.rootCollection ? state.createAction : 'create',
    key,
    columns,
    parent,
    true,
  );
  await hooks?.afterCreate?.(key, payload, hookContext(state, info.collection));
  return key;
}

async function updateOne(
  state: WriteState,
  info: CollectionInfo,
  rawKey: unknown,
  input: Item,
  parent: Parent | null,
  loaded?: Item,
  action: ActivityAction = 'update',
): Promise<PrimaryKey> {
  if (!isObject(input)) throw new ApiError('INVALID_PAYLOAD');
  const key = keyFor(state, info, rawKey);
  const existing = loaded ?? (await loadRow(state, info, key));
  if (!existing || !(await visible(state, info, key))) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  // Permissions first: a hook never runs (nor answers) for a write the caller may not make.
  if (!state.trusted) {
    checkUpdate(state, info, existing, input, info.statusField ? input[info.statusField] : undefined);
  }
  const hooks = hooksOf(state, info.collection);
  const payload =
    (await hooks?.beforeUpdate?.(key, input, existing, hookContext(state, info.collection))) ?? input;
  const { columns, toMany } = await splitPayload(state, info, payload);
  const values = await prepareValues(info, columns, {
    action: 'update',
    dialect: state.project.dialect,
    now: state.now,
    user: state.accountability.user,
    admin: state.permissions.admin || state.trusted,
    existing,
    skipRequired: state.skipRequired && info.collection === state.rootCollection,
  });
  const newStatus = info.statusField ? values[info.statusField] : undefined;
  // Again on what the hooks made of the patch.
  if (!state.trusted) checkUpdate(state, info, existing, payload, newStatus);
  const link = state.permissions.parentOf(info.collection);
  if (link && !state.trusted) {
    const keys = link === 'broken' ? [] : [existing[link.field]];
    if (link !== 'broken' && link.field in values) keys.push(values[link.field]);
    await checkParent(state, info, 'update', keys);
  }
  const userColumns = Object.keys(values).filter((name) => !isServerFilled(info.fields.get(name)));
  const changed = userColumns.length > 0;
  if (changed) {
    await state.trx(info.collection).where(info.primaryKey, key).update(values);
    if (info.statusField && values[info.statusField] !== undefined) {
      // A status change moves the row from one counter bucket to another.
      const before = bucketOf(info, existing);
      const after = bucketOf(info, values);
      if (before !== after) {
        state.counts.add(info, before, -1);
        state.counts.add(info, after, 1);
      }
    }
    state.events.push({
      action: 'update',
      collection: info.collection,
      keys: [key],
      payload: { ...values, [info.primaryKey]: key },
    });
  }
  await writeToMany(state, info, key, toMany, changed);
  const softDelete =
    info.statusField !== null &&
    newStatus !== undefined &&
    String(newStatus) !== String(existing[info.statusField]) &&
    isSoftDeleted(info, newStatus);
  await log(state, info, softDelete ? 'soft-delete' : action, key, columns, parent, true);
  await hooks?.afterUpdate?.(key, payload, hookContext(state, info.collection));
  return key;
}

async function deleteOne(
  state: WriteState,
  info: CollectionInfo,
  rawKey: unknown,
  parent: Parent | null,
): Promise<void> {
  const key = keyFor(state, info, rawKey);
  const existing = await loadRow(state, info, key);
  if (!existing || !(await visible(state, info, key))) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
  if (!state.trusted) state.permissions.assertDelete(info, existing, state.comment);
  await checkParent(state, info, 'delete', [parentKeyOf(state, info, existing)]);
  const hooks = hooksOf(state, info.collection);
  await hooks?.beforeDelete?.(key, existing, hookContext(state, info.collection));
  await state.trx(info.collection).where(info.primaryKey, key).delete();
  state.counts.add(info, bucketOf(info, existing), -1);
  state.events.push({ action: 'delete', collection: info.collection, keys: [key], payload: existing });
  await log(state, info, 'delete', key, {}, parent, false);
  await hooks?.afterDelete?.(key, existing, hookContext(state, info.collection));
}

/* ---------------------------------------------------------------- the service */

/**
 * The one items engine for user and system collections: reads through the query engine with the
 * caller's permissions as the guard; writes (nested ones included) in one transaction with
 * permission checks, validation, server-filled fields, activity and revisions.
 *
 *   const service = new ItemsService(request.project, request.accountability, { collection: 'directus_roles' });
 *   const result = await service.readMany(query);              // { data, meta?, warnings }
 *   const keys = await service.create(body, query);            // then service.readByKeys(keys, query, batch)
 */
export class ItemsService {
  readonly collection: string;

  constructor(
    readonly project: ProjectContext,
    readonly accountability: Accountability,
    readonly options: ItemsServiceOptions,
  ) {
    this.collection = options.collection;
  }

  schema(): Promise<SchemaModel> {
    return schemaCache.get(this.project);
  }

  async permissions(): Promise<Permissions> {
    return permissionsFor(this.project, await this.schema(), this.accountability);
  }

  /** The collection's model; unknown → 404 code 200. */
  async info(): Promise<CollectionInfo> {
    return infoOf(await this.schema(), this.collection);
  }

  private async readContext() {
    const [schema, settings] = await Promise.all([this.schema(), readSettingsFor(this.project)]);
    return {
      knex: this.options.trx ?? this.project.knex,
      vendor: this.project.vendor,
      schema,
      defaultLimit: settings.defaultLimit,
      nullsLast: settings.nullsLast,
      maxRows: this.project.server.maxQueryRows,
      maxRelatedPerParent: this.project.server.maxQueryLimit,
      timeoutMs: this.project.server.queryTimeoutMs,
      computed: computedFieldsOf(this.project),
    };
  }

  /**
   * Reads per the query language. Anonymous callers without read access get 401 code 3 instead
   * of 403 code 300 (api-v8 §6.1). With `keys`, reads those items (one key → an object).
   */
  async readMany(query: Query, options: { keys?: PrimaryKey[] } = {}): Promise<ReadResult> {
    const ctx = await this.readContext();
    infoOf(ctx.schema, this.collection);
    const guard = this.options.trusted
      ? null
      : await permissionsFor(this.project, ctx.schema, this.accountability);
    try {
      if (options.keys && !query.sort) {
        // Reads by key come back in key order, not in the collection's manual sort.
        query = { ...query, sort: [{ field: infoOf(ctx.schema, this.collection).primaryKey, order: 'asc' }] };
      }
      if (options.keys) return await readItems(ctx, this.collection, query, guard, { keys: options.keys });
      const { primaryKey } = infoOf(ctx.schema, this.collection);
      const read = { collection: this.collection, primaryKey, query };
      return await timedRead(this.project, this.options.log, read, () =>
        readItems(ctx, this.collection, query, guard, {}),
      );
    } catch (error) {
      if (
        isApiError(error) &&
        error.code === 300 &&
        this.accountability.user == null &&
        this.accountability.previewBy == null
      ) {
        throw new ApiError('UNAUTHORIZED', 'Unauthorized request');
      }
      throw error;
    }
  }

  /**
   * One item by key: 404 code 203 when it does not exist or the caller may not read it (hiding
   * existence). `filter`, `q` and `status` do not apply to reads by key.
   */
  async readOne(key: PrimaryKey, query: Query): Promise<ReadResult> {
    try {
      return await this.readMany(
        // Only fields, meta and lang apply to an item by key (api-v8 "Item Q").
        { ...query, filter: null, q: null, status: null, single: false, offset: 0, limit: null, sort: null },
        { keys: [key] },
      );
    } catch (error) {
      if (isApiError(error) && (error.code === 300 || error.code === 3)) {
        throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
      }
      throw error;
    }
  }

  /**
   * Re-reads written items for the answer: an object for one key (unless `batch`), else a list;
   * null when the caller cannot read them (the route answers 204).
   */
  async readByKeys(keys: PrimaryKey[], query: Query, batch: boolean): Promise<ReadResult | null> {
    if (keys.length === 0) return batch ? { data: [], warnings: [] } : null;
    const readQuery: Query = {
      ...query,
      filter: null,
      q: null,
      status: query.status,
      single: false,
      limit: -1,
      offset: 0,
      page: null,
    };
    try {
      const result = await this.readMany(readQuery, { keys });
      if (batch && !Array.isArray(result.data)) return { ...result, data: result.data ? [result.data] : [] };
      if (!batch && Array.isArray(result.data)) return { ...result, data: result.data[0] ?? null };
      if (!batch && result.data === null) return null;
      return result;
    } catch (error) {
      if (isApiError(error) && [3, 203, 300].includes(error.code)) return null;
      throw error;
    }
  }

  /**
   * Checks the query a write's answer will be read with (fields, lang) before the write, so
   * that a query the read-back would refuse refuses the request before anything is written. What
   * the read-back would hide (no read access) is no error here either.
   */
  async checkReadBack(query: Query): Promise<void> {
    try {
      await this.readMany(
        { ...query, filter: null, q: null, single: false, limit: 0, offset: 0, page: null, meta: [] },
        { keys: [] },
      );
    } catch (error) {
      if (isApiError(error) && [3, 203, 300].includes(error.code)) return;
      throw error;
    }
  }

  private async write<T>(
    query: Pick<Query, 'activitySkip' | 'comment'> | null,
    work: (state: WriteState) => Promise<T>,
  ): Promise<T> {
    const schema = await this.schema();
    infoOf(schema, this.collection);
    const permissions = await permissionsFor(this.project, schema, this.accountability);
    const run = async (trx: Knex.Transaction) => {
      const state: WriteState = {
        project: this.project,
        trx,
        schema,
        permissions,
        accountability: this.accountability,
        trusted: this.options.trusted === true,
        comment: query?.comment ?? null,
        activity: this.options.activity !== false && !query?.activitySkip,
        now: new Date(),
        rootHooks: this.options.hooks,
        rootCollection: this.collection,
        createAction: this.options.createAction ?? 'create',
        skipRequired: this.options.skipRequired === true,
        events: [],
        changes: [],
        counts: new RowCountDeltas(),
      };
      const result = await work(state);
      await state.counts.apply(trx);
      return { result, events: state.events, changes: state.changes };
    };
    let outcome: { result: T; events: WriteState['events']; changes: ItemChange[] };
    try {
      outcome = this.options.trx ? await run(this.options.trx) : await this.project.knex.transaction(run);
    } catch (error) {
      throw mapDatabaseError(error, this.project.dialect, this.collection);
    }
    // Inside a caller's transaction the caller decides when it commits; events are theirs to send.
    if (!this.options.trx) {
      for (const event of outcome.events) {
        emitItemEvent({ ...event, project: this.project, accountability: this.accountability });
      }
      announceItemChanges(outcome.changes);
    } else this.options.events?.push(...outcome.events);
    return outcome.result;
  }

  /** Creates one item (object) or several (array); returns the new keys in order. */
  async create(
    body: unknown,
    query: Pick<Query, 'activitySkip' | 'comment'> | null = null,
  ): Promise<PrimaryKey[]> {
    const items = Array.isArray(body) ? body : [body];
    if (items.length === 0 || items.some((item) => !isObject(item) || Object.keys(item).length === 0)) {
      throw new ApiError('INVALID_PAYLOAD');
    }
    return this.write(query, async (state) => {
      const info = infoOf(state.schema, this.collection);
      const keys: PrimaryKey[] = [];
      for (const item of items as Item[]) keys.push(await createOne(state, info, item, null));
      return keys;
    });
  }

  /**
   * Updates the items with these keys with one patch. With `baseRevision` (Octavo's edit-conflict
   * precondition), each item must still be at that revision (see item-changes.ts), else 409 code
   * 1110 and nothing is written.
   */
  async update(
    keys: PrimaryKey[],
    patch: unknown,
    query: Pick<Query, 'activitySkip' | 'comment'> | null = null,
    action: ActivityAction = 'update',
    baseRevision?: number,
  ): Promise<PrimaryKey[]> {
    if (!isObject(patch) || Object.keys(patch).length === 0) throw new ApiError('INVALID_PAYLOAD');
    return this.write(query, async (state) => {
      const info = infoOf(state.schema, this.collection);
      const result: PrimaryKey[] = [];
      for (const key of keys) {
        if (baseRevision !== undefined) await this.assertBase(state, info, key, baseRevision);
        result.push(await updateOne(state, info, key, patch, null, undefined, action));
      }
      return result;
    });
  }

  /** The precondition of `update`: only on an item the caller can see (else 203, as the update). */
  private async assertBase(state: WriteState, info: CollectionInfo, rawKey: unknown, base: number) {
    const key = keyFor(state, info, rawKey);
    const exists = await lockItemRow(state.trx, state.project.dialect, info.collection, info.primaryKey, key);
    if (!exists || !(await visible(state, info, key))) throw new ApiError('ITEM_NOT_FOUND', 'Item not found');
    await assertRevision(state.trx, info.collection, key, base);
  }

  /**
   * A batch of items, each with its own values: items carrying a key are updated, items without
   * one are created. An object body must carry its key (else 422 code 12).
   */
  async updateBatch(
    body: unknown,
    query: Pick<Query, 'activitySkip' | 'comment'> | null = null,
  ): Promise<PrimaryKey[]> {
    const info = await this.info();
    if (isObject(body)) {
      if (body[info.primaryKey] === undefined || body[info.primaryKey] === null) {
        throw new ApiError(
          'UNPROCESSABLE_ENTITY',
          `Missing primary key "${info.primaryKey}" in the item to update`,
        );
      }
      body = [body];
    }
    if (!Array.isArray(body) || body.length === 0) throw new ApiError('INVALID_PAYLOAD');
    if (body.some((item) => !isObject(item) || Object.keys(item).length === 0)) {
      throw new ApiError('INVALID_REQUEST', 'Batch update expects an array of items');
    }
    return this.write(query, async (state) => {
      const keys: PrimaryKey[] = [];
      for (const item of body as Item[]) {
        const key = item[info.primaryKey];
        if (key === undefined || key === null) keys.push(await createOne(state, info, item, null));
        else keys.push(await updateOne(state, info, key, item, null));
      }
      return keys;
    });
  }

  /** Deletes the items with these keys (hard delete; 404 code 203 for a missing one). */
  async delete(
    keys: PrimaryKey[],
    query: Pick<Query, 'activitySkip' | 'comment'> | null = null,
  ): Promise<void> {
    await this.write(query, async (state) => {
      const info = infoOf(state.schema, this.collection);
      for (const key of keys) await deleteOne(state, info, key, null);
    });
  }

  /** Whether an item exists and the caller may read it. */
  async readable(key: PrimaryKey): Promise<Item | null> {
    const schema = await this.schema();
    const info = infoOf(schema, this.collection);
    const permissions = await this.permissions();
    const state = {
      trx: this.project.knex,
      permissions,
      trusted: this.options.trusted === true,
      project: this.project,
      schema,
      now: new Date(),
    } as unknown as WriteState;
    let typed: PrimaryKey;
    try {
      typed = keyFor(state, info, key);
    } catch {
      return null;
    }
    const row = await loadRow(state, info, typed);
    if (!row || !(await visible(state, info, typed))) return null;
    return row;
  }
}

/** The computed aliases (the file `data` block) of a project's reads; files.ts imports this module. */
function computedFieldsOf(project: ProjectContext): ReadContext['computed'] {
  let computed: ReturnType<typeof import('./files').computedFields> | null = null;
  return async (collection, field) => {
    computed ??= (await import('./files')).computedFields(project);
    return computed(collection, field);
  };
}
