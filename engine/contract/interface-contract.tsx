// The interface contract (issue #11): the checks every interface definition and its component must
// pass, core or custom. Used by tests only (it imports vitest and testing-library): the core suite
// `engine/interfaces.contract.test.tsx` runs them on every file of schemas/interfaces, and an
// integrator can run them on an extension's definition and component.
import { Component, type ReactNode } from 'react';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import type { FieldDefinition, InterfaceDefinition } from '../types';
import type { InterfaceComponent, FormServices } from '../components/contract';
import type { DefinitionRegistry } from '../registry/registry';
import { createCoreRegistry } from '../registry/core-registry';
import { validateDefinition } from '../validation/validate-definition';
import { ItemForm } from '../form/ItemForm';
import { defaultValues, optionsWithDefaults } from '../form/rules';
import { DisplayValue } from '../displays/DisplayValue';

// jsdom lays nothing out: editors that measure text (CodeMirror) ask for rectangles it lacks. Empty
// answers let them mount and type as they do in a browser, where the browser tests cover layout.
if (typeof Range !== 'undefined' && !Range.prototype.getClientRects) {
  const empty = { length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] };
  Range.prototype.getClientRects = () => empty as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 0, 0);
}
if (typeof document !== 'undefined' && !document.elementFromPoint) document.elementFromPoint = () => null;

/** One sample value per field type: what an interface of that type is mounted with. */
export const SAMPLE_VALUES: Record<string, unknown> = {
  string: 'sample value',
  lang: 'en-US',
  slug: 'sample-slug',
  hash: 'sample-secret',
  status: 'draft',
  uuid: '0b9d8c3e-6f1a-4f0e-9c2b-5a7d1e3f4a6b',
  integer: 42,
  sort: 3,
  decimal: 12.5,
  boolean: true,
  date: '2024-05-17',
  datetime: '2024-05-17 13:45:00',
  datetime_created: '2024-05-17 13:45:00',
  datetime_updated: '2024-05-17 13:45:00',
  time: '13:45:00',
  json: { sample: 1, list: [1, 2] },
  array: ['alpha', 'beta'],
  binary: 'c2FtcGxl',
  m2o: 1,
  file: 1,
  user: 1,
  owner: 1,
  user_updated: 1,
  o2m: [],
  m2m: [],
  files: [],
  translation: [],
  alias: null,
  group: null,
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}(:\d{2})?$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/;
const isKey = (value: unknown) =>
  typeof value === 'number' || typeof value === 'string' || (value !== null && typeof value === 'object');

/**
 * Whether a value an interface emits keeps the JSON type of its field type (null always may be
 * emitted: it clears the field). A string field may hold a delimited list (tags on a string field).
 */
export function isValueOfType(type: string, value: unknown): boolean {
  if (value === null) return true;
  switch (type.toLowerCase()) {
    case 'integer':
    case 'sort':
      return typeof value === 'number' && Number.isInteger(value);
    case 'decimal':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'json':
      return typeof value === 'object';
    case 'array':
      return Array.isArray(value) && value.every((entry) => typeof entry === 'string');
    case 'date':
      return typeof value === 'string' && DATE.test(value);
    case 'time':
      return typeof value === 'string' && TIME.test(value);
    case 'datetime':
    case 'datetime_created':
    case 'datetime_updated':
      return typeof value === 'string' && DATETIME.test(value);
    case 'm2o':
    case 'file':
    case 'user':
    case 'owner':
    case 'user_updated':
      return isKey(value);
    case 'o2m':
    case 'm2m':
    case 'files':
    case 'translation':
      return typeof value === 'object';
    case 'alias':
    case 'group':
      return false;
    default:
      return typeof value === 'string';
  }
}

/** Data services that answer with nothing: enough for every interface to mount outside the app. */
export const emptyServices: FormServices = {
  loadRelatedItems: async () => ({ items: [], primaryKey: 'id' }),
  pickItem: async () => null,
  uploadFile: async () => {
    throw new Error('no uploads in the contract suite');
  },
  collections: () => [],
  newTwoFactorSecret: async () => 'JBSWY3DPEHPK3PXP',
  mapTiles: null,
};

/** The field a contract check mounts the interface on: one field named `value`, of the given type. */
export function contractField(
  definition: InterfaceDefinition,
  type: string,
  extra: Partial<FieldDefinition> = {},
): FieldDefinition {
  return {
    collection: 'contract_items',
    field: 'value',
    name: 'Contract value',
    type,
    datatype: definition.recommended?.datatype ?? null,
    length: definition.recommended?.length ?? null,
    interface: definition.id,
    options: null,
    note: 'Contract note',
    ...extra,
  };
}

/** A registry holding the core definitions plus, optionally, a custom definition and its component. */
export function contractRegistry(custom?: {
  definition: InterfaceDefinition;
  component?: InterfaceComponent;
}): DefinitionRegistry {
  const registry = createCoreRegistry();
  if (custom) {
    const problems = registry.addDefinitions('interface', [custom.definition], 'contract');
    expect(problems, 'the custom definition is accepted').toEqual([]);
    if (custom.component) registry.registerComponent(custom.definition.binding.component, custom.component);
  }
  return registry;
}

class CatchErrors extends Component<{ onError: (error: unknown) => void; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface Mounted {
  box: HTMLElement;
  /** Every value the interface emitted (ItemForm's onStage for the field). */
  emitted: unknown[];
  errors: unknown[];
  rerender: (value: unknown) => Promise<void>;
}

/** Lets lazy chunks load and pending service promises settle. */
async function settle(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector('.octavo-spinner[role="status"]')).toBeNull(), {
    timeout: 5000,
  });
  for (let i = 0; i < 3; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

/** Mounts one field of the interface inside an ItemForm, recording what it emits. */
async function mount(
  registry: DefinitionRegistry,
  field: FieldDefinition,
  value: unknown,
  form: { newItem?: boolean; batchMode?: boolean } = {},
): Promise<Mounted> {
  const emitted: unknown[] = [];
  const errors: unknown[] = [];
  const onStage = vi.fn((name: string, next: unknown) => {
    if (name === field.field) emitted.push(next);
  });
  const tree = (current: unknown) => (
    <CatchErrors onError={(error) => errors.push(error)}>
      <ItemForm
        fields={[field]}
        registry={registry}
        values={{ [field.field]: current }}
        baseline={{ [field.field]: current }}
        newItem={form.newItem ?? false}
        batchMode={form.batchMode}
        services={emptyServices}
        onStage={onStage}
        idPrefix="contract"
      />
    </CatchErrors>
  );
  const view = render(tree(value));
  await settle(view.container);
  const box = () => view.container.querySelector(`[data-field="${field.field}"]`) as HTMLElement;
  expect(box(), 'the form draws the field').toBeTruthy();
  return {
    get box() {
      return box();
    },
    emitted,
    errors,
    rerender: async (next: unknown) => {
      view.rerender(tree(next));
      await settle(view.container);
    },
  };
}

/** The controls of the interface itself (not the batch checkbox of the form). */
const CONTROL =
  'input:not([type="hidden"]):not(.octavo-field__batch), textarea, select, button, [contenteditable="true"], [role="checkbox"], [role="switch"], [role="radio"], [role="option"], [role="textbox"]';

function interfacePart(box: HTMLElement): HTMLElement[] {
  return [...box.querySelectorAll<HTMLElement>(CONTROL)].filter(
    (element) => !element.closest('.octavo-field__actions'),
  );
}

function isEnabled(element: HTMLElement): boolean {
  if ((element as HTMLInputElement).disabled) return false;
  if (element.closest('fieldset:disabled')) return false;
  if (element.getAttribute('aria-disabled') === 'true') return false;
  // A read-only text surface (an editor showing its text for reading and copying) edits nothing.
  if (element.getAttribute('aria-readonly') === 'true') return false;
  if (element.getAttribute('contenteditable') === 'false') return false;
  if (element.getAttribute('contenteditable') === 'true') return true;
  return !element.closest('[inert]');
}

const DATE_INPUT_VALUE: Record<string, string> = {
  date: '2024-06-01',
  time: '08:30',
  'datetime-local': '2024-06-01T08:30',
};

/**
 * The generic interaction: type into the interface's first textbox, pick in its first select, or
 * click its first checkbox, radio or option (whichever comes first). Returns what it did, or null
 * when the interface has no such control.
 */
export async function interact(box: HTMLElement): Promise<string | null> {
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const target = interfacePart(box).find((element) => element.tagName !== 'BUTTON');
  if (!target) return null;
  const input = target as HTMLInputElement;
  const role = target.getAttribute('role');
  if (target.tagName === 'SELECT') {
    const select = target as HTMLSelectElement;
    const option = [...select.options].find((entry) => entry.value !== '' && entry.value !== select.value);
    if (!option) return null;
    await user.selectOptions(select, option);
    return 'select';
  }
  if (
    (target.tagName === 'INPUT' && ['checkbox', 'radio'].includes(input.type)) ||
    role === 'checkbox' ||
    role === 'switch' ||
    role === 'radio' ||
    role === 'option'
  ) {
    await user.click(target);
    return 'click';
  }
  if (target.tagName === 'INPUT' && input.type in DATE_INPUT_VALUE) {
    if (!input.disabled) fireEvent.change(input, { target: { value: DATE_INPUT_VALUE[input.type] } });
    return 'date';
  }
  await user.type(target, '7');
  await user.tab();
  return 'type';
}

/** Whether the interface shows a value: as a control's value or state, or as text. */
function showsValue(box: HTMLElement, value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'boolean') {
    return [...box.querySelectorAll<HTMLInputElement>('input[type="checkbox"], [role="switch"]')].some(
      (element) =>
        (element.checked ?? element.getAttribute('aria-checked') === 'true') === value &&
        !element.classList.contains('octavo-field__batch'),
    );
  }
  if (Array.isArray(value))
    return value.every((entry) => typeof entry === 'object' || showsValue(box, entry));
  if (typeof value === 'object') return true;
  const text = String(value);
  const shown = [...box.querySelectorAll<HTMLInputElement>('input, textarea, select')].map((element) =>
    element.type === 'radio' || element.type === 'checkbox'
      ? element.checked
        ? element.value
        : ''
      : element.value,
  );
  return (
    shown.some(
      (entry) => entry === text || entry.replace('T', ' ').startsWith(text.replace('T', ' ').slice(0, 16)),
    ) ||
    (box.textContent ?? '').includes(text) ||
    text.split(',').every((part) => part === '' || (box.textContent ?? '').includes(part)) ||
    // Rich text: an HTML value is shown as its text, not its markup.
    (/^\s*</.test(text) && (box.textContent ?? '').includes(htmlText(text)))
  );
}

function htmlText(html: string): string {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return (holder.textContent ?? '').trim();
}

/** Every string the definition carries (names, notes, defaults, choices): data, not hard-coded English. */
function definitionStrings(value: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) value.forEach((entry) => definitionStrings(entry, out));
  else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      out.add(key);
      definitionStrings(entry, out);
    }
  }
  return out;
}

/** Message ids with their pass-through values (`interfaces.core.clear {"label":"X"}`). */
const MESSAGE_ID = /\b[a-z][\w-]*(?:\.[\w-]+)+(?: \{[^{}]*\})?/g;
/** What Intl date formatting writes in English locales; not hard-coded by the interface. */
const LOCALE_WORDS = /\b[AP]M\b/g;

/** One announced string, and whether an element marked it as Intl's locale data (`data-locale-text`). */
interface Announced {
  text: string;
  locale: boolean;
}

/** The visible and announced strings of an element: text nodes and the labelling attributes. */
function announcedStrings(root: HTMLElement): Announced[] {
  const out: Announced[] = [];
  const marked = (element: Element | null | undefined) => !!element?.closest('[data-locale-text]');
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // Icon glyph names are drawn by the font and hidden from assistive technology.
    if (parent?.closest('[aria-hidden="true"], .octavo-icon, .material-symbols-outlined, style, script'))
      continue;
    if (node.textContent?.trim()) out.push({ text: node.textContent.trim(), locale: marked(parent) });
  }
  for (const element of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
    for (const attribute of ['aria-label', 'title', 'placeholder', 'alt', 'aria-placeholder']) {
      const text = element.getAttribute(attribute);
      if (text?.trim()) out.push({ text: text.trim(), locale: marked(element) });
    }
  }
  return out;
}

/**
 * LOCALE DATA. Month and weekday names, and the names of languages and regions, are not words of the
 * interface: Intl writes them in the reader's locale (in German they come out German). The suite
 * renders in jsdom's en-US, where they read as English, so the check must tell them from hard-coded
 * words — narrowly:
 * - only text of elements the interface marks `data-locale-text` (their text or labelling
 *   attributes); everywhere else these words still count as English;
 * - inside those, only what Intl itself produces for the locale, recomputed here: month and weekday
 *   names as whole words, the display name of a locale tag that the interface also shows (`fr-FR`
 *   beside "French (France)"), and such a tag itself. Anything else in a marked element is flagged.
 */
function localeData(root: HTMLElement): { words: Set<string>; phrases: string[] } {
  const locale = root.ownerDocument.documentElement.lang || undefined;
  const words = new Set<string>();
  for (const month of ['long', 'short'] as const) {
    const format = new Intl.DateTimeFormat(locale, { month, timeZone: 'UTC' });
    for (let index = 0; index < 12; index++) words.add(format.format(Date.UTC(2024, index, 1)));
  }
  for (const weekday of ['long', 'short'] as const) {
    const format = new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' });
    // 2024-01-07 is a Sunday: seven days name every weekday.
    for (let index = 0; index < 7; index++) words.add(format.format(Date.UTC(2024, 0, 7 + index)));
  }
  const phrases: string[] = [];
  const names = new Intl.DisplayNames(locale, { type: 'language', fallback: 'none' });
  const shown = new Set<string>();
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    shown.add(node.textContent?.trim() ?? '');
  for (const tag of shown) {
    if (!/^[a-z]{2,3}(?:-(?:[A-Z]{2}|\d{3}))?$/.test(tag)) continue;
    let name: string | undefined;
    try {
      name = names.of(tag);
    } catch {
      continue;
    }
    if (!name) continue;
    phrases.push(tag, name);
  }
  return { words, phrases: phrases.sort((a, b) => b.length - a.length) };
}

/** Takes Intl's locale data (see `localeData`) out of the text of a marked element. */
function withoutLocaleData(text: string, data: { words: Set<string>; phrases: string[] }): string {
  let rest = text;
  for (const phrase of data.phrases) {
    // Whole phrases only: the tag "an" must not take a bite out of "Afrikaans".
    const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    rest = rest.replace(new RegExp(`(?<![\\p{L}\\d-])${escaped}(?![\\p{L}\\d-])`, 'gu'), ' ');
  }
  return rest.replace(/\p{L}+/gu, (word) => (data.words.has(word) ? ' ' : word));
}

/** The English words left in `text` once message ids, values and definition strings are taken out. */
export function englishWords(text: string, allowed: Iterable<string>): string[] {
  let rest = text.replace(MESSAGE_ID, ' ').replace(LOCALE_WORDS, ' ');
  const sorted = [...new Set(allowed)]
    .filter((entry) => entry.length > 0)
    .sort((a, b) => b.length - a.length);
  for (const entry of sorted) rest = rest.split(entry).join(' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

export interface ContractCheck {
  /** Stable name, used by the knownGaps table of the suite. */
  name: string;
  run: () => Promise<void>;
}

/**
 * The per-definition checks of the contract. `registry` must know the definition and its component
 * (see `contractRegistry`).
 */
export function interfaceContractChecks(
  definition: InterfaceDefinition,
  registry: DefinitionRegistry = contractRegistry(),
): ContractCheck[] {
  const checks: ContractCheck[] = [];
  const add = (name: string, run: () => Promise<void>) =>
    checks.push({
      name,
      run: async () => {
        try {
          await run();
        } finally {
          cleanup();
        }
      },
    });
  const [defaultType] = definition.types;
  const sample = (type: string) => SAMPLE_VALUES[type.toLowerCase()] ?? 'sample value';
  const expectNoErrors = (mounted: Mounted, what: string) =>
    expect(mounted.errors.map(String), `${what}: nothing throws while rendering`).toEqual([]);

  add('validates against the meta-schema', async () => {
    const check = validateDefinition('interface', definition, `interface "${definition.id}"`);
    expect(check.errors).toEqual([]);
  });

  add('resolves its component without fallback', async () => {
    const resolved = registry.resolveInterface(definition.id);
    expect(resolved.problem).toBeUndefined();
    expect(resolved.fallback).toBe(false);
  });

  add('mounts with its default options', async () => {
    for (const newItem of [true, false]) {
      const mounted = await mount(registry, contractField(definition, defaultType), null, { newItem });
      expectNoErrors(mounted, 'mount');
      expect(mounted.box.querySelector('.octavo-field__problem'), 'no problem shown').toBeNull();
      cleanup();
    }
  });

  for (const type of definition.types) {
    add(`type ${type}: emits nothing on mount, only values of its type, and round-trips`, async () => {
      const field = contractField(definition, type);
      const existing = await mount(registry, field, sample(type));
      expectNoErrors(existing, 'mount');
      expect(existing.emitted, 'no value emitted on mount (saved item)').toEqual([]);
      cleanup();
      // A new item: every interface is editable (slug, primary key), so the interaction reaches it.
      const mounted = await mount(registry, field, sample(type), { newItem: true });
      expectNoErrors(mounted, 'mount');
      expect(mounted.emitted, 'no value emitted on mount (new item)').toEqual([]);
      await interact(mounted.box);
      for (const value of mounted.emitted) {
        expect(isValueOfType(type, value), `emitted ${JSON.stringify(value)} keeps type ${type}`).toBe(true);
      }
      const last = mounted.emitted.at(-1);
      cleanup();
      if (last === undefined) return;
      const again = await mount(registry, field, last, { newItem: true });
      expectNoErrors(again, 'round trip');
      expect(again.emitted, 'no value emitted when re-rendered with its own value').toEqual([]);
      expect(showsValue(again.box, last), `shows ${JSON.stringify(last)}`).toBe(true);
    });
  }

  add('read-only: no enabled control, no emission', async () => {
    const field = contractField(definition, defaultType, { readonly: true });
    const mounted = await mount(registry, field, sample(defaultType));
    expect(
      interfacePart(mounted.box)
        .filter(isEnabled)
        .map((element) => element.outerHTML),
    ).toEqual([]);
    await interact(mounted.box);
    expect(mounted.emitted).toEqual([]);
  });

  add('batch-blocked: no enabled control, no emission until activated', async () => {
    const field = contractField(definition, defaultType);
    const mounted = await mount(registry, field, sample(defaultType), { batchMode: true });
    const enabled = interfacePart(mounted.box).filter(isEnabled);
    expect(enabled.map((element) => element.outerHTML)).toEqual([]);
    await interact(mounted.box);
    expect(mounted.emitted).toEqual([]);
  });

  add('renders its options form through ItemForm, every option resolving', async () => {
    for (const option of definition.options) {
      const resolved = registry.resolveInterface(option.interface, option);
      expect(resolved.fallback, `option "${option.field}" (${option.interface}) resolves`).toBe(false);
    }
    const defaults = defaultValues(definition.options);
    const errors: unknown[] = [];
    const view = render(
      <CatchErrors onError={(error) => errors.push(error)}>
        <ItemForm
          fields={definition.options}
          registry={registry}
          values={defaults}
          baseline={defaults}
          newItem
          services={emptyServices}
          onStage={() => {}}
          idPrefix="contract-options"
        />
      </CatchErrors>,
    );
    await settle(view.container);
    expect(errors.map(String)).toEqual([]);
    expect(view.container.querySelectorAll('.octavo-field__problem')).toHaveLength(0);
    for (const option of definition.options) {
      if (option.hidden_detail) continue;
      expect(view.container.querySelector(`[data-field="${option.field}"]`), option.field).toBeTruthy();
    }
  });

  add('renders its display with a sample value', async () => {
    for (const type of definition.types) {
      const field = contractField(definition, type);
      const value = sample(type);
      const errors: unknown[] = [];
      const view = render(
        <CatchErrors onError={(error) => errors.push(error)}>
          <DisplayValue registry={registry} field={field} value={value} item={{ value }} />
        </CatchErrors>,
      );
      await settle(view.container);
      expect(errors.map(String), `display of ${type}`).toEqual([]);
      cleanup();
    }
  });

  add('uses no hard-coded English', async () => {
    const field = contractField(definition, defaultType);
    const value = sample(defaultType);
    const allowed = new Set<string>([
      ...definitionStrings(definition),
      ...definitionStrings(optionsWithDefaults(definition, null)),
      ...definitionStrings(field),
      ...definitionStrings(value),
      ...(typeof value === 'number' ? [String(value)] : []),
      // Names of the registry's definitions are data too (the interfaces select lists them).
      ...registry.interfaces().flatMap((entry) => [entry.name, entry.id]),
    ]);
    for (const newItem of [true, false]) {
      const mounted = await mount(registry, field, value, { newItem });
      const data = localeData(mounted.box);
      const words = announcedStrings(mounted.box).flatMap(({ text, locale }) =>
        englishWords(locale ? withoutLocaleData(text, data) : text, allowed).map(
          (word) => `${word} (in "${text}")`,
        ),
      );
      expect(words).toEqual([]);
      cleanup();
    }
  });

  return checks;
}
