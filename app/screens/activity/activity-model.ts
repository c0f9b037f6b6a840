import { narrowFilter } from '../../../engine/list/build-query';
import { itemHref } from '../../paths';
import type { PresetFilter } from '../../state/types';

/**
 * The activity log's rules, without React (spec §2; schema-v8 §1.1): which actions exist and how they
 * are named and drawn, where an entry leads, and how the filter bar's choices become the URL, the
 * preset's filters and the API's filter.
 */

export const ACTIVITY = 'directus_activity';

/** Every action Directus 8 records (schema-v8 §1.1), and `external` (spec §3), with its icon. */
export const ACTIONS: readonly { action: string; icon: string }[] = [
  { action: 'create', icon: 'add_circle' },
  { action: 'update', icon: 'edit' },
  { action: 'delete', icon: 'delete' },
  { action: 'soft-delete', icon: 'delete' },
  { action: 'revert', icon: 'history' },
  { action: 'comment', icon: 'chat_bubble' },
  { action: 'upload', icon: 'cloud_upload' },
  { action: 'authenticate', icon: 'login' },
  { action: 'invalid-credentials', icon: 'gpp_bad' },
  { action: 'status-update', icon: 'swap_horiz' },
  { action: 'external', icon: 'open_in_new' },
];

const ICONS = new Map(ACTIONS.map((entry) => [entry.action, entry.icon]));

/** The icon of an action; an action this app does not know gets a neutral one. */
export function actionIcon(action: string): string {
  return ICONS.get(action) ?? 'radio_button_checked';
}

/** The message id of an action's name; unknown actions use the generic one with the raw name. */
export function actionMessage(action: string): { id: string; values?: Record<string, string> } {
  return ICONS.has(action)
    ? { id: `activity.action.${action}` }
    : { id: 'activity.action.other', values: { action } };
}

/** The message id of an action's name as a noun phrase ("Created"), for filters and titles. */
export function actionNameMessage(action: string): { id: string; values?: Record<string, string> } {
  return ICONS.has(action)
    ? { id: `activity.action_name.${action}` }
    : { id: 'activity.action_name.other', values: { action } };
}

/** Actions about a person signing in: the item is the user, not something edited. */
const SIGN_IN = new Set(['authenticate', 'invalid-credentials']);

export function isSignIn(action: string): boolean {
  return SIGN_IN.has(action);
}

export interface ActivityEntry {
  id: number;
  action: string;
  action_on: string;
  collection: string;
  item: string | number | null;
  comment?: string | null;
  comment_deleted_on?: string | null;
  action_by?: unknown;
  ip?: string;
  user_agent?: string;
}

/** What an entry says about its item: where it leads (null when nowhere) and whether it is gone. */
export interface ActivityTarget {
  href: string | null;
  deleted: boolean;
  key: string;
}

/**
 * Where an entry leads: the item it records, unless the action removed it or the item is known to be
 * gone (`missing` holds the `collection/key` pairs a lookup did not find), or the collection is one the
 * app does not know. A soft-deleted item still exists, so it keeps its link.
 */
export function activityTarget(
  project: string,
  entry: Pick<ActivityEntry, 'action' | 'collection' | 'item'>,
  known: Record<string, unknown>,
  missing: ReadonlySet<string> = new Set(),
): ActivityTarget {
  const key = entry.item === null || entry.item === undefined ? '' : String(entry.item);
  const collection = entry.collection;
  const gone = entry.action === 'delete' || missing.has(`${collection}/${key}`);
  const reachable =
    Boolean(key) &&
    typeof collection === 'string' &&
    collection !== '' &&
    (collection in known || collection.startsWith('directus_'));
  return { key, deleted: gone, href: gone || !reachable ? null : itemHref(project, collection, key) };
}

// --- filters -------------------------------------------------------------------------------------

/** The filter bar's choices; empty strings and lists mean "any". Dates are local days (YYYY-MM-DD). */
export interface ActivityFilters {
  user: string;
  collection: string;
  item: string;
  actions: string[];
  from: string;
  to: string;
  search: string;
}

export const NO_FILTERS: ActivityFilters = {
  user: '',
  collection: '',
  item: '',
  actions: [],
  from: '',
  to: '',
  search: '',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters an address carries (`?user=1&collection=articles&item=4&action=create,update&from=…&to=…&q=…`); null when it carries none. */
export function filtersFromSearch(search: string): ActivityFilters | null {
  const params = new URLSearchParams(search);
  const keys = ['user', 'collection', 'item', 'action', 'from', 'to', 'q'];
  if (!keys.some((key) => params.get(key))) return null;
  const day = (value: string | null) => (value && DAY.test(value) ? value : '');
  return {
    user: params.get('user') ?? '',
    collection: params.get('collection') ?? '',
    item: params.get('collection') ? (params.get('item') ?? '') : '',
    actions: (params.get('action') ?? '').split(',').filter(Boolean),
    from: day(params.get('from')),
    to: day(params.get('to')),
    search: params.get('q') ?? '',
  };
}

/** The address query of the filters (no leading `?`; empty when none is set). */
export function searchOfFilters(filters: ActivityFilters): string {
  const params = new URLSearchParams();
  if (filters.user) params.set('user', filters.user);
  if (filters.collection) params.set('collection', filters.collection);
  if (filters.collection && filters.item) params.set('item', filters.item);
  if (filters.actions.length) params.set('action', filters.actions.join(','));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.search.trim()) params.set('q', filters.search.trim());
  return params.toString();
}

/** The preset's filter rows (schema-v8 §1.2) for the choices, as the listing stores its own. */
export function presetFiltersOf(filters: ActivityFilters): PresetFilter[] {
  const rows: PresetFilter[] = [];
  if (filters.user) rows.push({ field: 'action_by', operator: 'eq', value: filters.user });
  if (filters.collection) rows.push({ field: 'collection', operator: 'eq', value: filters.collection });
  if (filters.collection && filters.item) rows.push({ field: 'item', operator: 'eq', value: filters.item });
  if (filters.actions.length)
    rows.push({ field: 'action', operator: 'in', value: filters.actions.join(',') });
  if (filters.from) rows.push({ field: 'action_on', operator: 'gte', value: filters.from });
  if (filters.to) rows.push({ field: 'action_on', operator: 'lte', value: filters.to });
  return rows;
}

/** The choices a preset's filters and search hold (rows the bar cannot show are ignored). */
export function filtersFromPreset(rows: PresetFilter[] | null | undefined, search: string): ActivityFilters {
  const out: ActivityFilters = { ...NO_FILTERS, actions: [], search: search ?? '' };
  for (const row of rows ?? []) {
    const value = row.value === null || row.value === undefined ? '' : String(row.value);
    if (row.field === 'action_by' && row.operator === 'eq') out.user = value;
    else if (row.field === 'collection' && row.operator === 'eq') out.collection = value;
    else if (row.field === 'item' && row.operator === 'eq') out.item = value;
    else if (row.field === 'action' && (row.operator === 'in' || row.operator === 'eq'))
      out.actions = value.split(',').filter(Boolean);
    else if (row.field === 'action_on' && row.operator === 'gte' && DAY.test(value)) out.from = value;
    else if (row.field === 'action_on' && row.operator === 'lte' && DAY.test(value)) out.to = value;
  }
  if (!out.collection) out.item = '';
  return out;
}

export function hasFilters(filters: ActivityFilters): boolean {
  return searchOfFilters(filters) !== '';
}

/** `YYYY-MM-DD HH:mm:ss` in UTC, as `action_on` is stored (schema-v8 §6). */
function utcStamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** The first and last instant of a local day, as stored UTC stamps. */
export function dayBounds(day: string): { start: string; end: string } {
  const [y, m, d] = day.split('-').map(Number);
  return {
    start: utcStamp(new Date(y, m - 1, d, 0, 0, 0)),
    end: utcStamp(new Date(y, m - 1, d, 23, 59, 59)),
  };
}

/**
 * The API filter of the choices (api-v8 §3.3). The date range is two conditions on one field, so it
 * goes in the indexed form (`filter[action_on][0][gte]`), which the API ANDs.
 */
export function apiFilterOf(filters: ActivityFilters): Record<string, Record<string, unknown>> {
  let filter: Record<string, Record<string, unknown>> = {};
  if (filters.user) filter.action_by = { eq: filters.user };
  if (filters.collection) filter.collection = { eq: filters.collection };
  if (filters.collection && filters.item) filter.item = { eq: filters.item };
  if (filters.actions.length) filter.action = { in: filters.actions.join(',') };
  if (filters.from) filter = narrowFilter(filter, { action_on: { gte: dayBounds(filters.from).start } });
  if (filters.to) filter = narrowFilter(filter, { action_on: { lte: dayBounds(filters.to).end } });
  return filter;
}

/** The fields a timeline entry needs; the person comes with what the user card shows. */
export function activityListFields(userFields: readonly string[]): string[] {
  return [
    'id',
    'action',
    'action_on',
    'collection',
    'item',
    'comment',
    'comment_deleted_on',
    ...userFields.map((field) => `action_by.${field}`),
  ];
}

/** The page size of the timeline. */
export const ACTIVITY_PAGE_SIZE = 50;

/** The list request of the timeline for the given choices. */
export function activityListParams(
  filters: ActivityFilters,
  userFields: readonly string[],
): Record<string, unknown> {
  const search = filters.search.trim();
  return {
    fields: activityListFields(userFields),
    sort: '-action_on,-id',
    filter: apiFilterOf(filters),
    limit: ACTIVITY_PAGE_SIZE,
    meta: 'filter_count',
    ...(search ? { q: search } : {}),
  };
}

// --- the timeline --------------------------------------------------------------------------------

/** A stored `action_on` (UTC without a zone) as an instant. */
export function activityInstant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value.trim();
  const date = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
    ? new Date(`${text.replace(' ', 'T')}Z`)
    : new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The local day of an instant, `YYYY-MM-DD`. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Entries (newest first) grouped by the local day they happened on, in their order. */
export function groupByDay<T extends { action_on: string }>(
  entries: T[],
): { day: string; date: Date; entries: T[] }[] {
  const out: { day: string; date: Date; entries: T[] }[] = [];
  for (const entry of entries) {
    const instant = activityInstant(entry.action_on);
    if (!instant) continue;
    const day = localDay(instant);
    const last = out[out.length - 1];
    if (last && last.day === day) last.entries.push(entry);
    else out.push({ day, date: instant, entries: [entry] });
  }
  return out;
}

/** The items of each collection the entries name (for their titles), keys deduplicated. */
export function itemsToTitle(entries: Pick<ActivityEntry, 'collection' | 'item'>[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of entries) {
    if (!entry.collection || entry.item === null || entry.item === undefined || entry.item === '') continue;
    const keys = out.get(entry.collection) ?? [];
    const key = String(entry.item);
    if (!keys.includes(key)) keys.push(key);
    out.set(entry.collection, keys);
  }
  return out;
}
