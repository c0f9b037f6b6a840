import {
  Badge,
  DateTimeInput,
  Divider,
  NumberInput,
  RadioGroup,
  Select,
  TagsInput,
  Textarea,
  TextInput,
  Toggle,
  type DateTimeKind,
} from '../../ui';
import { useEffect, useRef } from 'react';
import { coreDisplays } from '../displays/displays';
import { useEngineT } from '../i18n';
import { statusChoices, toChoices } from './choices';
import type { InterfaceComponent, InterfaceComponentProps } from './contract';

// Adapters from the interface contract to the plain ui/ components: they convert the stored value
// to what the component edits and back, and pass on the bound props.

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const bool = (value: unknown) => value === true || value === 1 || value === '1';

/** Array fields hold arrays; string fields hold `a,b` (or `,a,b,` with the wrap option). */
function toList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string') return value.split(',').filter((entry) => entry !== '');
  return [];
}
function fromList(list: string[], props: InterfaceComponentProps): unknown {
  if (props.field.type !== 'string') return list;
  if (list.length === 0) return null;
  return props.wrap ? `,${list.join(',')},` : list.join(',');
}

const INTEGER_TYPES = new Set(['integer', 'sort']);

/**
 * What a text box emits for its field: integer fields (a primary key edited as text) keep their
 * JSON type; text that is no whole number is not emitted at all.
 */
function typedText(value: string, type: unknown): { value: unknown } | null {
  if (!INTEGER_TYPES.has(String(type).toLowerCase())) return { value };
  if (value.trim() === '') return { value: null };
  const number = Number(value);
  return Number.isInteger(number) ? { value: number } : null;
}

function InputInterface(props: InterfaceComponentProps) {
  return (
    <TextInput
      id={props.id}
      value={text(props.value)}
      onChange={(value) => {
        const typed = typedText(value, props.field.type);
        if (typed) props.onChange(typed.value);
      }}
      disabled={props.disabled}
      placeholder={str(props.placeholder)}
      maxLength={Number(props.maxLength) || undefined}
      monospace={bool(props.monospace)}
      iconLeft={str(props.iconLeft)}
      iconRight={str(props.iconRight)}
      masked={bool(props.masked)}
      trim={bool(props.trim)}
      showCharacterCount={bool(props.showCharacterCount)}
      autoComplete={str(props.autoComplete)}
      describedBy={props.describedBy}
    />
  );
}

function TextareaInterface(props: InterfaceComponentProps) {
  return (
    <Textarea
      id={props.id}
      value={text(props.value)}
      onChange={props.onChange}
      disabled={props.disabled}
      rows={num(props.rows)}
      placeholder={str(props.placeholder)}
      serif={bool(props.serif)}
      maxLength={Number(props.maxLength) || undefined}
      describedBy={props.describedBy}
    />
  );
}

function NumberInterface(props: InterfaceComponentProps) {
  const value =
    props.value === null || props.value === undefined || props.value === '' ? null : Number(props.value);
  return (
    <NumberInput
      id={props.id}
      value={Number.isNaN(value) ? null : value}
      onChange={props.onChange}
      disabled={props.disabled}
      placeholder={str(props.placeholder)}
      integer={props.fieldType === 'integer' || props.fieldType === 'sort'}
      monospace={bool(props.monospace)}
      iconLeft={str(props.iconLeft)}
      iconRight={str(props.iconRight)}
      describedBy={props.describedBy}
    />
  );
}

function ToggleInterface(props: InterfaceComponentProps) {
  return (
    <Toggle
      id={props.id}
      checked={bool(props.value)}
      onChange={props.onChange}
      disabled={props.disabled}
      label={str(props.label)}
      labelOn={str(props.labelOn)}
      labelOff={str(props.labelOff)}
      appearance={props.appearance === 'checkbox' || bool(props.checkbox) ? 'checkbox' : 'switch'}
      describedBy={props.describedBy}
    />
  );
}

function DateTimeInterface(props: InterfaceComponentProps) {
  return (
    <DateTimeInput
      id={props.id}
      kind={(str(props.kind) ?? 'datetime') as DateTimeKind}
      value={text(props.value)}
      onChange={props.onChange}
      disabled={props.disabled}
      min={str(props.min)}
      max={str(props.max)}
      describedBy={props.describedBy}
    />
  );
}

function SelectInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  return (
    <Select
      id={props.id}
      choices={toChoices(props.choices, props.formatting !== false)}
      value={text(props.value)}
      onChange={props.onChange}
      disabled={props.disabled}
      placeholder={str(props.placeholder) ?? t('interfaces.core.choose_one')}
      describedBy={props.describedBy}
    />
  );
}

function RadioInterface(props: InterfaceComponentProps) {
  return (
    <RadioGroup
      id={props.id}
      name={props.id}
      choices={toChoices(props.choices, props.formatting !== false)}
      value={text(props.value)}
      onChange={props.onChange}
      disabled={props.disabled}
      label={props.field.name ?? props.field.field}
    />
  );
}

function StatusInterface(props: InterfaceComponentProps) {
  const mapping = (props.statusMapping ?? {}) as Record<string, Record<string, unknown>>;
  return (
    <RadioGroup
      id={props.id}
      name={props.id}
      choices={statusChoices(mapping)}
      value={text(props.value)}
      onChange={props.onChange}
      disabled={props.disabled}
      label={props.field.name ?? props.field.field}
      renderLabel={(choice) => {
        const entry = Object.values(mapping).find((candidate) => String(candidate?.value) === choice.value);
        return (
          <Badge color={entry?.text_color as string} background={entry?.background_color as string}>
            {choice.label}
          </Badge>
        );
      }}
    />
  );
}

/** Lowercase letters, digits and dashes (lowercasing only when asked). */
export function slugify(value: string, lowercase: boolean): string {
  const cased = lowercase ? value.toLowerCase() : value;
  return cased
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+/, '');
}

/** The slug of a whole text (no dash left at its end, unlike while typing). */
function finishedSlug(value: unknown, lowercase: boolean): string {
  return typeof value === 'string' || typeof value === 'number'
    ? slugify(String(value), lowercase).replace(/-+$/, '')
    : '';
}

/**
 * The slug follows its `mirroredField` (schema-v8 §4.2) while it is unlocked (a new item, or
 * `onlyOnCreate` off) and nobody typed into it: each change of the mirrored value is slugified
 * into it. Typing a slug by hand stops the mirroring; so does a stored slug that is not the
 * mirrored value's. Nothing is emitted on mount.
 */
function SlugInterface(props: InterfaceComponentProps) {
  const locked = props.onlyOnCreate !== false && !props.newItem;
  const lowercase = props.forceLowercase !== false;
  const mirroredField = str(props.mirroredField);
  const mirrored = mirroredField ? props.values?.[mirroredField] : undefined;
  const handEdited = useRef(
    props.value !== null && props.value !== undefined && props.value !== ''
      ? props.value !== finishedSlug(mirrored, lowercase)
      : false,
  );
  const lastMirrored = useRef(mirrored);
  const { onChange, value, disabled } = props;
  useEffect(() => {
    if (Object.is(lastMirrored.current, mirrored)) return;
    lastMirrored.current = mirrored;
    if (!mirroredField || locked || disabled || handEdited.current) return;
    const next = finishedSlug(mirrored, lowercase) || null;
    if (next !== (value ?? null)) onChange(next);
  }, [mirrored, mirroredField, locked, disabled, lowercase, value, onChange]);
  return (
    <TextInput
      id={props.id}
      value={text(props.value)}
      onChange={(typed) => {
        // Emptying the slug by hand hands it back to the mirrored field.
        handEdited.current = typed !== '';
        props.onChange(slugify(typed, lowercase));
      }}
      disabled={props.disabled || locked}
      placeholder={str(props.placeholder)}
      maxLength={Number(props.maxLength) || undefined}
      monospace
      describedBy={props.describedBy}
    />
  );
}

function TagsInterface(props: InterfaceComponentProps) {
  const t = useEngineT();
  return (
    <TagsInput
      id={props.id}
      removeLabel={(tag) => t('interfaces.core.remove_tag', { tag })}
      invalidText={t('interfaces.core.invalid_tag')}
      value={toList(props.value)}
      onChange={(list) => props.onChange(fromList(list, props))}
      disabled={props.disabled}
      alphabetize={bool(props.alphabetize)}
      lowercase={bool(props.lowercase)}
      sanitize={bool(props.sanitize)}
      validation={str(props.validation)}
      validationMessage={str(props.validationMessage)}
      describedBy={props.describedBy}
    />
  );
}

function DividerInterface(props: InterfaceComponentProps) {
  const size = str(props.size);
  return (
    <Divider
      title={str(props.title)}
      description={str(props.description)}
      size={size === 'small' || size === 'medium' ? size : 'large'}
      rule={bool(props.rule)}
      margin={bool(props.margin)}
    />
  );
}

/** Auto-managed fields (created/updated on, owner): their value shown with a display. */
function ReadonlyValueInterface(props: InterfaceComponentProps) {
  const Display = coreDisplays[str(props.display) ?? 'text'] ?? coreDisplays.text;
  const kind = props.display === 'datetime' ? 'datetime' : undefined;
  return (
    <div id={props.id} className="octavo-readonly-value">
      <Display
        value={props.value}
        field={props.field}
        item={props.values}
        template={props.template}
        kind={kind}
      />
    </div>
  );
}

/** The core components, by the id a definition's `binding.component` names. */
export const coreComponents: Record<string, InterfaceComponent> = {
  input: InputInterface,
  textarea: TextareaInterface,
  number: NumberInterface,
  toggle: ToggleInterface,
  datetime: DateTimeInterface,
  select: SelectInterface,
  'radio-group': RadioInterface,
  status: StatusInterface,
  slug: SlugInterface,
  tags: TagsInterface,
  divider: DividerInterface,
  'readonly-value': ReadonlyValueInterface,
};
