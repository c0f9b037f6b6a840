import './catalogs';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CheckboxGroup,
  ColorInput,
  ConfirmDialog,
  DateTimeInput,
  Drawer,
  Dropzone,
  EmptyState,
  HEADER_TOOLTIP_DELAY,
  Icon,
  IconButton,
  Menu,
  Modal,
  Notice,
  NumberInput,
  ProgressBar,
  ProgressRing,
  RadioGroup,
  Select,
  Spinner,
  Tabs,
  TagsInput,
  Textarea,
  TextInput,
  Toggle,
  Tooltip,
  HoverCard,
  type ButtonVariant,
  VisuallyHidden,
  type NoticeColor,
} from '../../../ui';
import { useT } from '../../i18n';
import { useCurrentUser } from '../../state/hooks';
import { applyTheme } from '../../theme/theme';
import { Page } from '../../shell/Page';
import './gallery.css';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'danger', 'text'];
const NOTICES: NoticeColor[] = ['gray', 'gray-subdued', 'accent', 'warning', 'danger', 'success'];
/** The colour pairs of the demo data's and Directus 8's default status mappings, then a few palette names. */
const BADGES: [string, string, string][] = [
  ['gallery.badge_active', 'white', 'success'],
  ['gallery.badge_invited', 'white', 'light-gray'],
  ['gallery.badge_draft', 'white', 'blue-grey'],
  ['gallery.badge_suspended', 'white', 'danger'],
  ['gallery.badge_published', 'white', 'accent'],
  ['gallery.badge_review', 'white', 'blue-grey-100'],
  ['gallery.badge_plain', 'white', 'green'],
  ['gallery.badge_plain', 'white', 'red'],
  ['gallery.badge_plain', 'white', 'amber'],
  ['gallery.badge_plain', 'white', 'deep-purple-200'],
];
const ICONS = [
  'check_box_outline_blank',
  'check_box',
  'account_circle',
  'settings_backup_restore',
  'inventory_2',
  'group',
  'folder',
  'settings',
  'search',
  'filter_list',
  'delete',
  'cloud_upload',
];
/** A tiny picture for the avatar (inline, so it loads under the app's content security policy). */
const PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#00796b"/><circle cx="20" cy="16" r="7" fill="#b2dfdb"/><path d="M6 40a14 14 0 0 1 28 0z" fill="#b2dfdb"/></svg>',
  );

function Section({
  id,
  title,
  children,
  note,
}: {
  id: string;
  title: string;
  children: ReactNode;
  note?: string;
}) {
  return (
    <section className="gallery-section" id={`gallery-${id}`} aria-labelledby={`gallery-${id}-title`}>
      <h2 className="gallery-section__title" id={`gallery-${id}-title`}>
        {title}
      </h2>
      {note && <p className="gallery-section__note">{note}</p>}
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="gallery-row">
      <span className="gallery-row__label">{label}</span>
      <div className="gallery-row__items">{children}</div>
    </div>
  );
}

/** The ui/ gallery (admins): every component in every state, in light and dark, left to right and right to left. */
export function UiGallery() {
  const t = useT();
  const user = useCurrentUser();
  const [theme, setTheme] = useState<'light' | 'dark'>(() =>
    document.body.classList.contains('theme-dark') ||
    (document.body.classList.contains('theme-auto') &&
      window.matchMedia?.('(prefers-color-scheme: dark)').matches)
      ? 'dark'
      : 'light',
  );
  const [dir, setDir] = useState<'ltr' | 'rtl'>('ltr');
  const userTheme = useRef(user.theme);
  // The review theme applies while the gallery is open; leaving it restores the user's own.
  useEffect(() => applyTheme(theme), [theme]);
  useEffect(() => () => applyTheme(userTheme.current as string | undefined), []);

  return (
    <Page
      title={t('gallery.title')}
      className="gallery-page"
      actions={
        <>
          <label htmlFor="gallery-theme">
            <VisuallyHidden>{t('gallery.theme')}</VisuallyHidden>
          </label>
          <Select
            id="gallery-theme"
            choices={[
              { value: 'light', label: t('gallery.theme_light') },
              { value: 'dark', label: t('gallery.theme_dark') },
            ]}
            value={theme}
            placeholder={t('gallery.theme')}
            onChange={(value) => value && setTheme(value as 'light' | 'dark')}
          />
          <label htmlFor="gallery-direction">
            <VisuallyHidden>{t('gallery.direction')}</VisuallyHidden>
          </label>
          <Select
            id="gallery-direction"
            choices={[
              { value: 'ltr', label: t('gallery.direction_ltr') },
              { value: 'rtl', label: t('gallery.direction_rtl') },
            ]}
            value={dir}
            placeholder={t('gallery.direction')}
            onChange={(value) => value && setDir(value as 'ltr' | 'rtl')}
          />
        </>
      }
      info={<p className="info-sidebar__empty">{t('gallery.intro')}</p>}
    >
      <div className="gallery" dir={dir}>
        <p className="gallery__intro">{t('gallery.intro')}</p>
        <ButtonsSection />
        <IconsSection />
        <TooltipsSection />
        <MenusSection />
        <DialogsSection />
        <NoticesSection />
        <Section id="badges" title={t('gallery.badges')} note={t('gallery.badges_note')}>
          <Row label={t('gallery.state_default')}>
            {BADGES.map(([label, color, background]) => (
              <Badge key={background} color={color} background={background}>
                {t(label)} · {background}
              </Badge>
            ))}
          </Row>
          <Row label={t('gallery.badge_subdued')}>
            <Badge subdued background="light-gray">
              {t('gallery.badge_draft')}
            </Badge>
            <Badge>{t('gallery.badge_plain')}</Badge>
          </Row>
        </Section>
        <Section id="avatars" title={t('gallery.avatars')}>
          <Row label={t('gallery.state_default')}>
            <Avatar name={t('gallery.avatar_person')} size="small" label={t('gallery.avatar_person')} />
            <Avatar name={t('gallery.avatar_person')} label={t('gallery.avatar_person')} />
            <Avatar name={t('gallery.avatar_person')} size="large" label={t('gallery.avatar_person')} />
            <Avatar name={t('gallery.avatar_picture')} src={PICTURE} label={t('gallery.avatar_picture')} />
            <Avatar
              name={t('gallery.avatar_picture')}
              src={PICTURE}
              size="large"
              shape="square"
              label={t('gallery.avatar_picture')}
            />
          </Row>
        </Section>
        <Section id="cards" title={t('gallery.cards')}>
          <div className="gallery-grid">
            <Card
              href="#/statecharts"
              icon="account_tree"
              title={t('gallery.card_title')}
              subtitle={t('gallery.card_subtitle')}
            >
              {t('gallery.card_body')}
            </Card>
            <Card title={t('gallery.card_static')} icon="info">
              {t('gallery.card_body')}
            </Card>
            <Card title={t('gallery.card_half')} opacity="half" />
          </div>
        </Section>
        <TabsSection />
        <DropzoneSection />
        <Section id="progress" title={t('gallery.progress')}>
          <Row label={t('gallery.state_default')}>
            {[0, 35, 95, 100].map((value) => (
              <ProgressRing
                key={value}
                value={value}
                label={t('gallery.progress_label', { value })}
                showValue
              />
            ))}
            <ProgressRing
              value={60}
              color="success"
              size={56}
              label={t('gallery.progress_label', { value: 60 })}
            />
            <ProgressRing
              value={60}
              color="danger"
              size={28}
              label={t('gallery.progress_label', { value: 60 })}
            />
          </Row>
          <Row label={t('gallery.state_default')}>
            <div className="gallery-progress-bars">
              {[0, 35, 95].map((value) => (
                <ProgressBar key={value} value={value} label={t('gallery.progress_label', { value })} />
              ))}
              <ProgressBar value={100} color="success" label={t('gallery.progress_label', { value: 100 })} />
            </div>
          </Row>
          <Row label={t('gallery.state_loading')}>
            <Spinner size="small" label={t('gallery.spinner_label')} />
            <Spinner label={t('gallery.spinner_label')} />
            <Spinner size="large" label={t('gallery.spinner_label')} showLabel />
          </Row>
        </Section>
        <Section id="empty" title={t('gallery.empty_states')}>
          <div className="gallery-frame">
            <EmptyState
              icon="inbox"
              title={t('gallery.empty_title')}
              body={t('gallery.empty_body')}
              headingLevel={3}
              action={<Button icon="add">{t('gallery.empty_action')}</Button>}
            />
          </div>
        </Section>
        <InputsSection />
      </div>
    </Page>
  );
}

function ButtonsSection() {
  const t = useT();
  return (
    <Section id="buttons" title={t('gallery.buttons')}>
      {VARIANTS.map((variant) => {
        const label = t(`gallery.variant_${variant}`);
        return (
          <Row key={variant} label={label}>
            <Button variant={variant}>{t('gallery.state_default')}</Button>
            <Button variant={variant} icon="save">
              {t('gallery.with_icon')}
            </Button>
            <span className="gallery-force-focus">
              <Button variant={variant}>{t('gallery.state_focus')}</Button>
            </span>
            <Button variant={variant} disabled>
              {t('gallery.state_disabled')}
            </Button>
            <Button variant={variant} loading>
              {t('gallery.state_loading')}
            </Button>
          </Row>
        );
      })}
      <Row label={t('gallery.size_medium')}>
        <Button size="small">{t('gallery.size_small')}</Button>
        <Button>{t('gallery.size_medium')}</Button>
        <Button size="large">{t('gallery.size_large')}</Button>
      </Row>
      <Row label={t('gallery.block')}>
        <Button block iconEnd="arrow_forward">
          {t('gallery.block')}
        </Button>
      </Row>
      <h3 className="gallery-subtitle">{t('gallery.icon_buttons')}</h3>
      <Row label={t('gallery.state_default')}>
        <IconButton icon="edit" label={t('gallery.icon_label')} size="small" onClick={() => {}} />
        <IconButton icon="edit" label={t('gallery.icon_label')} onClick={() => {}} />
        <IconButton icon="edit" label={t('gallery.icon_label')} size="large" onClick={() => {}} />
        <IconButton icon="edit" label={t('gallery.icon_label')} variant="filled" onClick={() => {}} />
        <IconButton icon="add" label={t('gallery.icon_label')} variant="accent" onClick={() => {}} />
        <span className="gallery-force-focus">
          <IconButton icon="edit" label={t('gallery.state_focus')} onClick={() => {}} />
        </span>
        <IconButton icon="edit" label={t('gallery.state_disabled')} disabled onClick={() => {}} />
        <IconButton icon="info" label={t('gallery.state_open')} aria-expanded onClick={() => {}} />
      </Row>
    </Section>
  );
}

function IconsSection() {
  const t = useT();
  return (
    <Section id="icons" title={t('gallery.icons')} note={t('gallery.icons_note')}>
      <Row label={t('gallery.size_medium')}>
        {ICONS.map((name) => (
          <span key={name} className="gallery-icon">
            <Icon name={name} />
            <code>{name}</code>
          </span>
        ))}
      </Row>
      <Row label={t('gallery.size_small')}>
        <Icon name="star" size="small" />
        <Icon name="star" />
        <Icon name="star" size="large" />
        <Icon name="star" size="large" filled label={t('gallery.icon_filled')} />
      </Row>
    </Section>
  );
}

function TooltipsSection() {
  const t = useT();
  return (
    <Section id="tooltips" title={t('gallery.tooltips')}>
      <Row label={t('gallery.state_default')}>
        <Tooltip label={t('gallery.tooltip_text')}>
          <Button variant="secondary">{t('gallery.tooltip_default')}</Button>
        </Tooltip>
        <Tooltip label={t('gallery.tooltip_text')} delay={HEADER_TOOLTIP_DELAY}>
          <Button variant="secondary">{t('gallery.tooltip_header')}</Button>
        </Tooltip>
        <HoverCard content={<p className="gallery-hover-card">{t('gallery.hover_card_text')}</p>}>
          <Button variant="secondary">{t('gallery.hover_card')}</Button>
        </HoverCard>
      </Row>
      <Row label={t('gallery.state_open')}>
        <span className="gallery-tooltip-space">
          <Tooltip label={t('gallery.tooltip_text')} open>
            <Button variant="text">{t('gallery.tooltip_open')}</Button>
          </Tooltip>
        </span>
        <span className="gallery-tooltip-space">
          <Tooltip label={t('gallery.tooltip_text')} placement="end" open>
            <IconButton icon="help" label={t('gallery.tooltip_open')} tooltip={false} onClick={() => {}} />
          </Tooltip>
        </span>
      </Row>
    </Section>
  );
}

function MenusSection() {
  const t = useT();
  const [chosen, setChosen] = useState<string | null>(null);
  const items = [
    {
      id: 'duplicate',
      label: t('gallery.menu_duplicate'),
      icon: 'content_copy',
      onSelect: () => setChosen('duplicate'),
    },
    { id: 'archive', label: t('gallery.menu_archive'), icon: 'archive', disabled: true, onSelect: () => {} },
    {
      id: 'delete',
      label: t('gallery.menu_delete'),
      icon: 'delete',
      danger: true,
      onSelect: () => setChosen('delete'),
    },
  ];
  return (
    <Section id="menus" title={t('gallery.menus')}>
      <Row label={t('gallery.state_default')}>
        <Menu label={t('gallery.menu_label')} items={items} />
        <Menu label={t('gallery.menu_more')} icon="more_vert" items={items} />
        <Menu label={t('gallery.menu_label')} items={items} disabled />
        {chosen && (
          <span role="status">{t('gallery.menu_chosen', { item: t(`gallery.menu_${chosen}`) })}</span>
        )}
      </Row>
      <Row label={t('gallery.state_open')}>
        <div className="gallery-menu-space">
          <Menu label={t('gallery.menu_label')} icon="tune" showLabel items={items} defaultOpen />
        </div>
      </Row>
    </Section>
  );
}

function DialogsSection() {
  const t = useT();
  const [open, setOpen] = useState<'modal' | 'confirm' | 'start' | 'end' | null>(null);
  const [name, setName] = useState('Octavo');
  const close = () => setOpen(null);
  return (
    <Section id="dialogs" title={t('gallery.dialogs')}>
      <Row label={t('gallery.state_open')}>
        <Button variant="secondary" icon="open_in_new" onClick={() => setOpen('modal')}>
          {t('gallery.open_modal')}
        </Button>
        <Button variant="danger" icon="delete" onClick={() => setOpen('confirm')}>
          {t('gallery.open_confirm')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('start')}>
          {t('gallery.open_drawer_start')}
        </Button>
        <Button variant="secondary" onClick={() => setOpen('end')}>
          {t('gallery.open_drawer_end')}
        </Button>
      </Row>
      <Modal
        open={open === 'modal'}
        onClose={close}
        title={t('gallery.modal_title')}
        closeLabel={t('gallery.close')}
        actions={
          <>
            <Button variant="secondary" onClick={close}>
              {t('gallery.cancel')}
            </Button>
            <Button onClick={close}>{t('gallery.save')}</Button>
          </>
        }
      >
        <p>{t('gallery.modal_body')}</p>
        <label className="gallery-label" htmlFor="gallery-modal-name">
          {t('gallery.modal_field')}
        </label>
        <TextInput id="gallery-modal-name" value={name} onChange={setName} />
      </Modal>
      <ConfirmDialog
        open={open === 'confirm'}
        title={t('gallery.confirm_title')}
        message={t('gallery.confirm_body')}
        confirmLabel={t('gallery.confirm_delete')}
        cancelLabel={t('gallery.cancel')}
        danger
        onConfirm={close}
        onCancel={close}
      />
      <Drawer
        open={open === 'start' || open === 'end'}
        side={open === 'start' ? 'start' : 'end'}
        onClose={close}
        title={t('gallery.drawer_title')}
        closeLabel={t('gallery.close')}
      >
        <p>{t('gallery.drawer_body')}</p>
      </Drawer>
    </Section>
  );
}

function NoticesSection() {
  const t = useT();
  return (
    <Section id="notices" title={t('gallery.notices')}>
      {NOTICES.map((color) => (
        <Notice key={color} color={color}>
          {t(`gallery.notice_${color.replace('-', '_')}`)}
        </Notice>
      ))}
      <Notice color="accent" title={t('gallery.notice_title')} icon="lightbulb">
        {t('gallery.notice_accent')}
      </Notice>
    </Section>
  );
}

function TabsSection() {
  const t = useT();
  const [tab, setTab] = useState('content');
  const tabs = [
    { id: 'content', label: t('gallery.tab_content'), icon: 'article' },
    { id: 'revisions', label: t('gallery.tab_revisions'), icon: 'history' },
    { id: 'comments', label: t('gallery.tab_comments'), disabled: true },
  ];
  return (
    <Section id="tabs" title={t('gallery.tabs')}>
      <Tabs tabs={tabs} selected={tab} onChange={setTab} label={t('gallery.tabs_label')}>
        <p className="gallery-tab-panel">
          {t('gallery.tab_panel', { tab: tabs.find((entry) => entry.id === tab)?.label ?? '' })}
        </p>
      </Tabs>
    </Section>
  );
}

function DropzoneSection() {
  const t = useT();
  const [count, setCount] = useState<number | null>(null);
  const common = {
    label: t('gallery.drop_label'),
    buttonLabel: t('gallery.drop_button'),
    hint: t('gallery.drop_hint'),
    onFiles: (files: File[]) => setCount(files.length),
  };
  return (
    <Section id="dropzone" title={t('gallery.dropzones')}>
      <div className="gallery-grid">
        <Dropzone {...common} />
        <Dropzone {...common} dragOver />
        <Dropzone {...common} disabled />
      </div>
      {count !== null && <p role="status">{t('gallery.drop_chosen', { count })}</p>}
    </Section>
  );
}

function InputsSection() {
  const t = useT();
  const [text, setText] = useState('');
  const [number, setNumber] = useState<number | null>(3);
  const [select, setSelect] = useState<string | null>('news');
  const [summary, setSummary] = useState('');
  const [on, setOn] = useState(true);
  const [featured, setFeatured] = useState(false);
  const [channels, setChannels] = useState<string[]>(['news']);
  const [radio, setRadio] = useState('guides');
  const [tags, setTags] = useState<string[]>(['design', 'system']);
  const [color, setColor] = useState<string | null>('#00796B');
  const [date, setDate] = useState<string | null>('2024-05-01');
  const choices = [
    { value: 'news', label: t('gallery.choice_news') },
    { value: 'guides', label: t('gallery.choice_guides') },
    { value: 'releases', label: t('gallery.choice_releases') },
  ];
  const field = (id: string, label: string, control: ReactNode, hint?: ReactNode) => (
    <div className="gallery-field">
      <label className="gallery-label" htmlFor={id}>
        {label}
      </label>
      {control}
      {hint}
    </div>
  );
  return (
    <Section id="inputs" title={t('gallery.inputs')}>
      <div className="gallery-grid">
        {field(
          'g-text',
          t('gallery.input_text'),
          <TextInput
            id="g-text"
            value={text}
            onChange={setText}
            placeholder={t('gallery.input_placeholder')}
            iconLeft="title"
          />,
        )}
        {field(
          'g-invalid',
          t('gallery.input_invalid'),
          <TextInput
            id="g-invalid"
            value="Not a slug!"
            onChange={() => {}}
            invalid
            describedBy="g-invalid-hint"
          />,
          <span className="gallery-error" id="g-invalid-hint">
            {t('gallery.input_invalid_hint')}
          </span>,
        )}
        {field(
          'g-disabled',
          t('gallery.input_disabled'),
          <TextInput id="g-disabled" value="octavo" onChange={() => {}} disabled />,
        )}
        {field(
          'g-number',
          t('gallery.input_number'),
          <NumberInput id="g-number" value={number} onChange={setNumber} integer />,
        )}
        {field(
          'g-select',
          t('gallery.input_select'),
          <Select
            id="g-select"
            choices={choices}
            value={select}
            onChange={setSelect}
            placeholder={t('gallery.input_select_placeholder')}
          />,
        )}
        {field(
          'g-date',
          t('gallery.input_date'),
          <DateTimeInput id="g-date" kind="date" value={date} onChange={setDate} />,
        )}
        {field(
          'g-textarea',
          t('gallery.input_textarea'),
          <Textarea id="g-textarea" value={summary} onChange={setSummary} rows={3} />,
        )}
        {field('g-tags', t('gallery.input_tags'), <TagsInput id="g-tags" value={tags} onChange={setTags} />)}
        {field(
          'g-color',
          t('gallery.input_color'),
          <ColorInput id="g-color" value={color} onChange={setColor} />,
        )}
        <div className="gallery-field">
          <Toggle checked={on} onChange={setOn} label={t('gallery.input_switch')} />
          <Toggle
            checked={featured}
            onChange={setFeatured}
            label={t('gallery.input_checkbox')}
            appearance="checkbox"
          />
          <Toggle checked={false} onChange={() => {}} label={t('gallery.state_disabled')} disabled />
        </div>
        <div className="gallery-field">
          <span className="gallery-label">{t('gallery.input_checkboxes')}</span>
          <CheckboxGroup
            choices={choices}
            value={channels}
            onChange={setChannels}
            label={t('gallery.input_checkboxes')}
          />
        </div>
        <div className="gallery-field">
          <span className="gallery-label">{t('gallery.input_radios')}</span>
          <RadioGroup
            name="g-radio"
            choices={choices}
            value={radio}
            onChange={setRadio}
            label={t('gallery.input_radios')}
          />
        </div>
      </div>
    </Section>
  );
}

export default UiGallery;
