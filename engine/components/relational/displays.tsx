import { Avatar } from '../../../ui/Avatar';
import type { DisplayComponent, DisplayProps } from '../../displays/displays';
import { useEngineT } from '../../i18n';
import { useUserCard } from '../../displays/user-card';
import { renderTemplate } from '../../templates/render-template';
import { isRemoved, isRow, rowsOf, type Row } from './entries';
import { FileThumb } from '../../files/FilePreview';

/** The address of a file's thumbnail: the `crop` or `contain` preset (same origin), else nothing. */
export function thumbnailOf(file: unknown, crop = true): string | null {
  if (!isRow(file)) return null;
  const data = isRow(file.data) ? file.data : null;
  const list = Array.isArray(data?.thumbnails) ? (data!.thumbnails as Row[]) : [];
  const wanted = crop ? 'crop' : 'contain';
  const chosen = list.find((entry) => String(entry.key ?? '').includes(wanted)) ?? list[0];
  const url = chosen ? (chosen.relative_url ?? chosen.url) : null;
  return typeof url === 'string' ? url : null;
}

export function fileTitle(file: unknown): string {
  if (!isRow(file)) return file === null || file === undefined ? '' : String(file);
  return String(file.title ?? file.filename_download ?? file.id ?? '');
}

/** A file's thumbnail, or an icon of its type: the shared preview part (engine/files). */
export { FileThumb } from '../../files/FilePreview';

/** A related item through the field's template (m2o, user): its key when it was not expanded. */
function RelatedItemDisplay({ value, template }: DisplayProps) {
  if (value === null || value === undefined || value === '') return null;
  if (!isRow(value)) return <span>{String(value)}</span>;
  const text = typeof template === 'string' && template ? renderTemplate(template, value).trim() : '';
  return <span>{text || String(value.id ?? '')}</span>;
}

/** How many related items a to-many field holds (one-to-many, many-to-many, files, translations). */
function RelatedCountDisplay({ value }: DisplayProps) {
  const t = useEngineT();
  const count = Array.isArray(value) ? rowsOf(value).filter((row) => !isRemoved(row)).length : 0;
  return <span>{t('interfaces.relational.count', { count })}</span>;
}

/** A user (user, owner, user-updated): avatar, name or both, per the `display` option. */
export function UserDisplay(props: DisplayProps) {
  return <UserBadge {...props} />;
}

/** The user's id, from the expanded row or the bare key. */
function userKey(value: unknown): number | null {
  const id = isRow(value) ? value.id : value;
  const key = typeof id === 'number' ? id : typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : null;
  return key !== null && key > 0 ? key : null;
}

/**
 * A user's avatar and name; with the app's user card (UserCardContext), hovering it (or focusing it,
 * when `focusable`: a form's read-only value) shows the user's card.
 */
export function UserBadge({ value, template, display, focusable }: DisplayProps & { focusable?: boolean }) {
  const wrap = useUserCard();
  if (value === null || value === undefined || value === '') return null;
  const user = isRow(value) ? value : null;
  const name = user
    ? renderTemplate(
        typeof template === 'string' && template ? template : '{{first_name}} {{last_name}}',
        user,
      ).trim() || String(user.email ?? user.id ?? '')
    : String(value);
  const mode = display === 'avatar' || display === 'name' ? display : 'both';
  const key = userKey(value);
  const badge = (
    <span className="octavo-user-display" tabIndex={wrap && key !== null && focusable ? 0 : undefined}>
      {mode !== 'name' && (
        <Avatar
          name={name}
          src={user ? thumbnailOf(user.avatar) : null}
          size="small"
          label={mode === 'avatar' ? name : undefined}
        />
      )}
      {mode !== 'avatar' && <span>{name}</span>}
    </span>
  );
  return wrap && key !== null ? wrap(user ?? key, badge) : badge;
}

/** A user's role by its name. */
function RoleDisplay({ value }: DisplayProps) {
  if (value === null || value === undefined || value === '') return null;
  return <span>{isRow(value) ? String(value.name ?? value.id ?? '') : String(value)}</span>;
}

/** A file: its thumbnail and title. */
function FileThumbnailDisplay({ value, crop }: DisplayProps) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <span className="octavo-file-display">
      <FileThumb file={value} size={32} crop={crop !== false} />
      <span>{fileTitle(value)}</span>
    </span>
  );
}

/** Translations: the template over the first translation, else how many there are. */
function TranslationDisplay(props: DisplayProps) {
  const rows = rowsOf(props.value).filter((row) => !isRemoved(row));
  const template = typeof props.template === 'string' ? props.template : '';
  const text = template && rows[0] ? renderTemplate(template, rows[0]).trim() : '';
  return text ? <span>{text}</span> : <RelatedCountDisplay value={props.value} />;
}

export const displays: Record<string, DisplayComponent> = {
  'related-item': RelatedItemDisplay,
  'related-count': RelatedCountDisplay,
  user: UserDisplay,
  role: RoleDisplay,
  'file-thumbnail': FileThumbnailDisplay,
  translation: TranslationDisplay,
};
