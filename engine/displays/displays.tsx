import type { ComponentType, ReactNode } from 'react';
import { Badge } from '../../ui';
import type { FieldDefinition } from '../types';
import { renderTemplate } from '../templates/render-template';
import { toChoices } from '../components/choices';
import { useEngineLocale, useEngineT, useEngineTimeZone } from '../i18n';
import { formatDateValue, formatNumberValue, type DateKind } from '../format';
import { userLocale } from '../components/pickers/values';
import { FileThumb } from '../files/FilePreview';

/** What every display receives: the value, the field, the whole item, plus its bound props. */
export interface DisplayProps {
  value: unknown;
  field?: FieldDefinition;
  item?: Record<string, unknown>;
  [prop: string]: unknown;
}

export type DisplayComponent = ComponentType<DisplayProps>;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

function asText(value: unknown): string {
  if (isEmpty(value)) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Plain text: the fallback display of every value. */
export function TextDisplay({ value, monospace, truncate }: DisplayProps) {
  const text = asText(value);
  const shown = truncate && text.length > 100 ? `${text.slice(0, 100)}…` : text;
  return (
    <span className={monospace ? 'octavo-display octavo-display--monospace' : 'octavo-display'}>{shown}</span>
  );
}

function NumberDisplay({ value, localized }: DisplayProps) {
  const locale = useEngineLocale() ?? userLocale();
  if (isEmpty(value)) return null;
  const number = Number(value);
  return (
    <span>{localized && Number.isFinite(number) ? formatNumberValue(number, locale) : String(value)}</span>
  );
}

function BooleanDisplay({ value }: DisplayProps) {
  const t = useEngineT();
  const on = value === true || value === 1 || value === '1';
  return (
    <i
      className="octavo-icon"
      role="img"
      aria-label={on ? t('interfaces.core.yes') : t('interfaces.core.no')}
    >
      {on ? 'check_box' : 'check_box_outline_blank'}
    </i>
  );
}

function DateTimeDisplay({ value, kind }: DisplayProps) {
  const locale = useEngineLocale() ?? userLocale();
  const timeZone = useEngineTimeZone();
  if (isEmpty(value)) return null;
  const text = String(value);
  const type: DateKind = kind === 'date' || kind === 'time' ? kind : 'datetime';
  return <time dateTime={text}>{formatDateValue(text, type, locale, timeZone)}</time>;
}

function JsonDisplay({ value }: DisplayProps) {
  return <code className="octavo-display--monospace">{asText(value)}</code>;
}

function TagsDisplay({ value, choices }: DisplayProps) {
  const list = Array.isArray(value)
    ? value.map(String)
    : typeof value === 'string'
      ? value.split(',').filter(Boolean)
      : [];
  const labels = new Map(toChoices(choices).map((choice) => [choice.value, choice.label]));
  return (
    <span className="octavo-display-tags">
      {list.map((tag) => (
        <Badge key={tag}>{labels.get(tag) ?? tag}</Badge>
      ))}
    </span>
  );
}

function ColorDisplay({ value }: DisplayProps) {
  if (isEmpty(value)) return null;
  return (
    <span className="octavo-display-color">
      <span
        className="octavo-display-color__swatch"
        style={{ backgroundColor: String(value) }}
        aria-hidden="true"
      />
      {String(value)}
    </span>
  );
}

function ChoiceDisplay({ value, choices }: DisplayProps) {
  if (isEmpty(value)) return null;
  const choice = toChoices(choices).find((entry) => entry.value === String(value));
  return <span>{choice ? choice.label : String(value)}</span>;
}

function StatusDisplay({ value, statusMapping, simpleBadge }: DisplayProps) {
  if (isEmpty(value)) return null;
  const mapping = (statusMapping ?? {}) as Record<string, Record<string, unknown>>;
  const entry =
    Object.values(mapping).find((candidate) => String(candidate?.value) === String(value)) ??
    mapping[String(value)];
  const name = String(entry?.name ?? value);
  if (simpleBadge === false) return <span>{name}</span>;
  return (
    <Badge
      color={entry?.text_color as string | undefined}
      background={entry?.background_color as string | undefined}
      subdued={entry?.browse_subdued === true}
    >
      {name}
    </Badge>
  );
}

function MaskedDisplay({ value }: DisplayProps) {
  const t = useEngineT();
  return isEmpty(value) ? null : <span aria-label={t('interfaces.core.hidden_value')}>••••••••</span>;
}

/** A related item (m2o, user, owner): the template over the related object, or its key. */
function RelatedDisplay({ value, template }: DisplayProps) {
  if (isEmpty(value)) return null;
  if (typeof value !== 'object') return <span>{String(value)}</span>;
  const text = typeof template === 'string' && template ? renderTemplate(template, value).trim() : '';
  const record = value as Record<string, unknown>;
  return <span>{text || asText(record.id ?? value)}</span>;
}

function CountDisplay({ value }: DisplayProps) {
  const t = useEngineT();
  const count = Array.isArray(value) ? value.length : 0;
  return <span>{t('interfaces.core.item_count', { count })}</span>;
}

function FileDisplay({ value }: DisplayProps) {
  if (isEmpty(value)) return null;
  if (typeof value !== 'object') return <span>{String(value)}</span>;
  const file = value as Record<string, any>;
  const title = String(file.title ?? file.filename_download ?? file.id ?? '');
  return (
    <span className="octavo-display-file">
      <FileThumb file={file} size={32} />
      {title}
    </span>
  );
}

function NoDisplay(): ReactNode {
  return null;
}

/** The core displays, by the id a definition's `display.component` names. */
export const coreDisplays: Record<string, DisplayComponent> = {
  text: TextDisplay,
  number: NumberDisplay,
  boolean: BooleanDisplay,
  datetime: DateTimeDisplay,
  json: JsonDisplay,
  tags: TagsDisplay,
  color: ColorDisplay,
  choice: ChoiceDisplay,
  status: StatusDisplay,
  masked: MaskedDisplay,
  related: RelatedDisplay,
  count: CountDisplay,
  file: FileDisplay,
  none: NoDisplay,
};
