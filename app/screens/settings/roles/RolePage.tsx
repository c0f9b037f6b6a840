import '../catalogs';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  Badge,
  Button,
  buttonClassName,
  ConfirmDialog,
  EmptyState,
  Icon,
  Modal,
  Notice,
  Select,
  Spinner,
  TagsInput,
  Textarea,
  TextInput,
  Toggle,
} from '../../../../ui';
import { ItemForm } from '../../../../engine/form/ItemForm';
import type { FieldDefinition } from '../../../../engine/types';
import {
  ADMIN_ROLE,
  deleteRole,
  getRole,
  isProtectedRole,
  listRoles,
  moveUsers,
  PUBLIC_ROLE,
  roleUsers,
  rolePermissions,
  savePermissions,
  updateRole,
  type PermissionRecord,
  type RoleChanges,
  type RoleRecord,
  type RoleSummary,
  type RoleUser,
} from '../../../api/roles';
import type { ApiRequestError } from '../../../api/client';
import { useLocale, useT } from '../../../i18n';
import { collectionName } from '../../../names';
import { itemHref, settingsHref, settingsRolesHref } from '../../../paths';
import { Page } from '../../../shell/Page';
import { useReportProblem } from '../../../shell/problems';
import { useAppFormServices } from '../../../state/form-services';
import { useLeaveGuard } from '../../item/use-leave-guard';
import { useApi, useNotify, useProjectKey, useRegistry, useSchema } from '../../../state/hooks';
import { statusMappingOf } from '../../../state/schema-info';
import { PermissionMatrix } from './PermissionMatrix';
import { RolePreview } from './RolePreview';
import {
  buildDraft,
  collectionShape,
  diffPermissions,
  hasChanges,
  STATE_ICONS,
  type CollectionShape,
  type Draft,
} from './permission-draft';
import '../settings.css';
import './roles.css';
import { useErrorText } from '../../../i18n/errors';

interface Loaded {
  /** Counts the loads: the editor starts afresh from each (after a save). */
  version: number;
  role: RoleRecord;
  permissions: PermissionRecord[];
  users: RoleUser[];
  roles: RoleSummary[];
}

const DETAIL_KEYS = [
  'name',
  'description',
  'ip_whitelist',
  'enforce_2fa',
  'module_listing',
  'collection_listing',
] as const;

/** The role's columns that changed (lists and listings compared by value). */
export function roleChanges(saved: RoleRecord, edited: RoleRecord): RoleChanges {
  const changes: RoleChanges = {};
  for (const key of DETAIL_KEYS) {
    const before = JSON.stringify(saved[key] ?? null);
    const after = JSON.stringify(edited[key] ?? null);
    if (before !== after) Object.assign(changes, { [key]: edited[key] });
  }
  return changes;
}

/** /{project}/settings/roles/{id}: the role, its menus, its users and its permission matrix. */
export function RolePage({ id }: { id: string }) {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const roleId = Number(id);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<{ code: number; message: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const [role, permissions, users, roles] = await Promise.all([
        getRole(api, roleId),
        rolePermissions(api, roleId),
        roleUsers(api, roleId),
        listRoles(api),
      ]);
      setLoaded((current) => ({ version: (current?.version ?? 0) + 1, role, permissions, users, roles }));
      setError(null);
    } catch (failure) {
      const problem = failure as ApiRequestError;
      setError({ code: problem.code, message: problem.message });
    }
  }, [api, roleId]);
  useEffect(() => {
    void load();
  }, [load]);

  const crumbs = [
    { label: t('settings_roles.settings'), href: settingsHref(project) },
    { label: t('settings_roles.title'), href: settingsRolesHref(project) },
  ];
  if (error || !Number.isInteger(roleId)) {
    return (
      <Page title={t('settings_roles.role_title')} breadcrumb={crumbs} className="settings-page">
        <EmptyState
          framed
          icon="badge"
          title={
            error?.code === 203 || !Number.isInteger(roleId)
              ? t('settings_roles.not_found')
              : t('settings_roles.load_failed')
          }
          body={error?.code === 203 ? undefined : error?.message}
          action={
            <a className={buttonClassName({ variant: 'secondary' })} href={`#${settingsRolesHref(project)}`}>
              {t('settings_roles.back')}
            </a>
          }
        />
      </Page>
    );
  }
  if (!loaded) {
    return (
      <Page title={t('settings_roles.role_title')} breadcrumb={crumbs} className="settings-page">
        <Spinner label={t('settings_roles.loading')} showLabel />
      </Page>
    );
  }
  return <RoleEditor key={loaded.version} loaded={loaded} crumbs={crumbs} reload={load} />;
}

function RoleEditor({
  loaded,
  crumbs,
  reload,
}: {
  loaded: Loaded;
  crumbs: Array<{ label: string; href: string }>;
  reload: () => Promise<void>;
}) {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const errorText = useErrorText();
  const schema = useSchema();
  const { locale } = useLocale();
  const saved = loaded.role;
  const [edited, setEdited] = useState<RoleRecord>(saved);
  const shapes = useMemo<CollectionShape[]>(
    () =>
      Object.keys(schema.collections)
        .sort((a, b) => a.localeCompare(b))
        .map((collection) =>
          collectionShape(
            collection,
            schema.collections[collection],
            schema.fields[collection] ?? [],
            schema.relations,
          ),
        ),
    [schema],
  );
  const initialDraft = useMemo(() => buildDraft(shapes, loaded.permissions), [shapes, loaded.permissions]);
  const [draft, setDraft] = useState<Draft>(initialDraft);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  const detailChanges = roleChanges(saved, edited);
  const batch = useMemo(
    () => diffPermissions(loaded.permissions, draft, saved.id),
    [loaded.permissions, draft, saved.id],
  );
  const changedRows = useMemo(() => {
    const keys = new Set<string>();
    for (const [key, row] of draft) {
      const before = initialDraft.get(key);
      const { inherited: _a, touched: _b, ...now } = row;
      if (!before) {
        keys.add(key);
        continue;
      }
      const { inherited: _c, touched: _d, ...then } = before;
      if (JSON.stringify(now) !== JSON.stringify(then)) keys.add(key);
    }
    return keys;
  }, [draft, initialDraft]);
  const dirty = Object.keys(detailChanges).length > 0 || hasChanges(batch);
  const [, navigate] = useLocation();
  // Staged changes are not lost by a stray click: leaving asks first.
  const [leaving, setLeaving] = useState<string | null>(null);
  const allowNavigation = useLeaveGuard(dirty && !saving, setLeaving);
  const admin = saved.id === ADMIN_ROLE;
  const nameOf = useCallback(
    (collection: string) => collectionName(collection, schema.collections[collection], locale),
    [schema.collections, locale],
  );
  const statusName = useCallback(
    (collection: string, status: string) => {
      const mapping = statusMappingOf(schema.collections[collection], schema.fields[collection] ?? []);
      const entry = mapping?.[status];
      return (entry?.name as string | undefined) || status;
    },
    [schema],
  );

  const save = async () => {
    if (!edited.name.trim()) {
      notify({ title: t('settings_roles.name_required'), color: 'danger' });
      return;
    }
    setSaving(true);
    try {
      if (Object.keys(detailChanges).length > 0) await updateRole(api, saved.id, detailChanges);
      if (hasChanges(batch)) await savePermissions(api, batch);
      notify({ title: t('settings_roles.saved', { name: edited.name }), color: 'success' });
      await reload();
    } catch (failure) {
      notify({
        title: t('settings_roles.save_failed'),
        details: errorText(failure),
        color: 'danger',
      });
    } finally {
      setSaving(false);
    }
  };
  const discard = () => {
    setEdited(saved);
    setDraft(initialDraft);
  };

  const previewChoices = shapes
    .filter((shape) => !shape.system)
    .map((shape) => ({ value: shape.collection, label: nameOf(shape.collection) }));

  return (
    <Page
      title={saved.name}
      breadcrumb={crumbs}
      className="settings-page role-page"
      actions={
        <>
          {dirty && (
            <Button variant="secondary" onClick={discard} disabled={saving}>
              {t('settings_roles.discard')}
            </Button>
          )}
          {!isProtectedRole(saved.id) && (
            <Button variant="danger" icon="delete" onClick={() => setDeleting(true)} disabled={saving}>
              {t('settings_roles.delete')}
            </Button>
          )}
          <Button icon="check" onClick={save} disabled={!dirty} loading={saving}>
            {t('settings_roles.save')}
          </Button>
        </>
      }
      info={<p className="info-sidebar__empty">{t('settings_roles.info_role')}</p>}
    >
      <p className="role-page__unsaved" role="status">
        {dirty
          ? t('settings_roles.unsaved', {
              count:
                Object.keys(detailChanges).length +
                batch.create.length +
                batch.update.length +
                batch.remove.length,
            })
          : null}
      </p>
      <RoleDetails role={edited} onChange={setEdited} />
      <RoleMenus role={edited} saved={saved} onChange={setEdited} />
      <section className="settings-section" aria-labelledby="role-permissions">
        <div className="role-page__section-head">
          <h2 id="role-permissions" className="settings-section__title">
            {t('settings_roles.permissions')}
          </h2>
          {!admin && (
            <Button
              variant="secondary"
              icon="visibility"
              onClick={() => setPreview(previewChoices[0]?.value ?? null)}
              disabled={previewChoices.length === 0}
            >
              {t('settings_roles.preview')}
            </Button>
          )}
        </div>
        {admin ? (
          <Notice>{t('settings_roles.admin_full')}</Notice>
        ) : (
          <>
            <p className="role-page__hint">
              {saved.id === PUBLIC_ROLE ? t('settings_roles.public_hint') : t('settings_roles.matrix_hint')}
            </p>
            <Legend />
            <PermissionMatrix
              shapes={shapes}
              draft={draft}
              changed={changedRows}
              onChange={setDraft}
              nameOf={nameOf}
              statusName={statusName}
              onPreview={setPreview}
            />
          </>
        )}
      </section>
      <RoleUsers role={saved} users={loaded.users} />
      {preview !== null && (
        <RolePreview
          role={saved}
          collection={preview}
          collections={previewChoices}
          onCollection={setPreview}
          onClose={() => setPreview(null)}
          unsaved={hasChanges(batch)}
        />
      )}
      <DeleteRoleDialog
        open={deleting}
        role={saved}
        users={loaded.users}
        roles={loaded.roles}
        onClose={() => setDeleting(false)}
        beforeLeaving={allowNavigation}
      />
      <ConfirmDialog
        open={leaving !== null}
        title={t('settings_roles.leave_title')}
        message={t('settings_roles.leave_body')}
        confirmLabel={t('settings_roles.leave_discard')}
        cancelLabel={t('settings_roles.leave_keep')}
        danger
        onConfirm={() => {
          const to = leaving!;
          setLeaving(null);
          allowNavigation();
          navigate(to);
        }}
        onCancel={() => setLeaving(null)}
      />
    </Page>
  );
}

/** The key of the matrix's states, in the spec's words. */
function Legend() {
  const t = useT();
  const states = ['none', 'mine_only', 'role_only', 'full', 'on_creation', 'on_update', 'always'];
  return (
    <details className="perm-legend">
      <summary>{t('settings_roles.legend')}</summary>
      <ul>
        {states.map((state) => (
          <li key={state}>
            <span className={`perm-level perm-level--${state} perm-level--static`}>
              <Icon name={STATE_ICONS[state]} size="small" />
              <span className="perm-level__text">{t(`settings_roles.state_${state}`)}</span>
            </span>{' '}
            {t(`settings_roles.state_${state}_help`)}
          </li>
        ))}
      </ul>
    </details>
  );
}

function RoleDetails({ role, onChange }: { role: RoleRecord; onChange: (role: RoleRecord) => void }) {
  const t = useT();
  const set = (change: Partial<RoleRecord>) => onChange({ ...role, ...change });
  return (
    <section className="settings-section" aria-labelledby="role-details">
      <h2 id="role-details" className="settings-section__title">
        {t('settings_roles.details')}
      </h2>
      <div className="role-details">
        <div className="role-details__field">
          <label htmlFor="role-name">{t('settings_roles.name')}</label>
          <TextInput
            id="role-name"
            value={role.name}
            onChange={(name) => set({ name })}
            maxLength={100}
            required
            invalid={!role.name.trim()}
          />
        </div>
        <div className="role-details__field">
          <label htmlFor="role-description">{t('settings_roles.description')}</label>
          <Textarea
            id="role-description"
            value={role.description ?? ''}
            onChange={(description) => set({ description: description || null })}
            rows={2}
            maxLength={500}
          />
        </div>
        <div className="role-details__field">
          <label htmlFor="role-ip">{t('settings_roles.ip_whitelist')}</label>
          <TagsInput
            id="role-ip"
            value={role.ip_whitelist ?? []}
            onChange={(ips) => set({ ip_whitelist: ips.length ? ips : null })}
            placeholder={t('settings_roles.ip_placeholder')}
            removeLabel={(ip) => t('settings_roles.ip_remove', { ip })}
            describedBy="role-ip-hint"
          />
          <p id="role-ip-hint" className="role-details__hint">
            {t('settings_roles.ip_hint')}
          </p>
        </div>
        <div className="role-details__field">
          <Toggle
            id="role-2fa"
            checked={Boolean(role.enforce_2fa)}
            onChange={(on) => set({ enforce_2fa: on })}
            label={t('settings_roles.enforce_2fa')}
            describedBy="role-2fa-hint"
          />
          <p id="role-2fa-hint" className="role-details__hint">
            {t('settings_roles.enforce_2fa_hint')}
          </p>
        </div>
      </div>
    </section>
  );
}

/** Role module_listing and collection_listing (spec §6), drawn by the form engine's repeater. */
function RoleMenus({
  role,
  saved,
  onChange,
}: {
  role: RoleRecord;
  saved: RoleRecord;
  onChange: (role: RoleRecord) => void;
}) {
  const t = useT();
  const registry = useRegistry();
  const reportProblem = useReportProblem();
  const services = useAppFormServices('directus_roles', {
    isNew: false,
    keys: [String(role.id)],
    batch: false,
  });
  const fields = useMemo<FieldDefinition[]>(
    () => [
      {
        field: 'module_listing',
        name: t('settings_roles.module_listing'),
        type: 'json',
        interface: 'repeater',
        width: 'full',
        note: t('settings_roles.module_listing_note', { placeholder: '{{project}}' }),
        options: {
          template: '{{ name }}',
          createItemText: t('settings_roles.add_module'),
          placeholder: t('settings_roles.new_module'),
          fields: [
            {
              field: 'name',
              name: t('settings_roles.module_name'),
              interface: 'text-input',
              type: 'string',
              width: 'half',
              required: true,
            },
            {
              field: 'link',
              name: t('settings_roles.module_link'),
              interface: 'text-input',
              type: 'string',
              width: 'half',
              required: true,
            },
            {
              field: 'icon',
              name: t('settings_roles.module_icon'),
              interface: 'icon',
              type: 'string',
              width: 'full',
            },
          ],
        },
      },
      {
        field: 'collection_listing',
        name: t('settings_roles.collection_listing'),
        type: 'json',
        interface: 'repeater',
        width: 'full',
        note: t('settings_roles.collection_listing_note'),
        options: {
          template: '{{ group_name }}',
          createItemText: t('settings_roles.add_group'),
          placeholder: t('settings_roles.new_group'),
          fields: [
            {
              field: 'group_name',
              name: t('settings_roles.group_name'),
              width: 'full',
              interface: 'text-input',
              type: 'string',
            },
            {
              field: 'collections',
              name: t('settings_roles.group_collections'),
              interface: 'repeater',
              type: 'json',
              width: 'full',
              options: {
                template: '{{ collection }}',
                createItemText: t('settings_roles.add_collection'),
                placeholder: t('settings_roles.new_collection'),
                fields: [
                  {
                    field: 'collection',
                    name: t('settings_roles.collection'),
                    type: 'string',
                    interface: 'collections',
                    width: 'full',
                  },
                ],
              },
            },
          ],
        },
      },
    ],
    [t],
  );
  const values = { module_listing: role.module_listing, collection_listing: role.collection_listing };
  const baseline = { module_listing: saved.module_listing, collection_listing: saved.collection_listing };
  return (
    <section className="settings-section" aria-labelledby="role-menus">
      <h2 id="role-menus" className="settings-section__title">
        {t('settings_roles.menus')}
      </h2>
      <p className="role-page__hint">{t('settings_roles.menus_hint')}</p>
      <ItemForm
        fields={fields}
        registry={registry}
        values={values}
        baseline={baseline}
        services={services}
        idPrefix="role-menus"
        onStage={(field, value) => {
          const list = Array.isArray(value) && value.length > 0 ? value : null;
          onChange({ ...role, [field]: list } as RoleRecord);
        }}
        onProblem={reportProblem}
      />
    </section>
  );
}

function RoleUsers({ role, users }: { role: RoleRecord; users: RoleUser[] }) {
  const t = useT();
  const project = useProjectKey();
  return (
    <section className="settings-section" aria-labelledby="role-users">
      <h2 id="role-users" className="settings-section__title">
        {t('settings_roles.role_users', { count: users.length })}
      </h2>
      {role.id === PUBLIC_ROLE ? (
        <p className="role-page__hint">{t('settings_roles.public_users_hint')}</p>
      ) : users.length === 0 ? (
        <p className="role-page__hint">{t('settings_roles.no_users')}</p>
      ) : (
        <ul className="role-users">
          {users.map((user) => {
            const name =
              [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || `#${user.id}`;
            return (
              <li key={user.id}>
                <Link href={itemHref(project, 'directus_users', user.id)}>{name}</Link>
                {user.email && name !== user.email && <span className="role-users__email">{user.email}</span>}
                {user.status && user.status !== 'active' && <Badge subdued>{user.status}</Badge>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * Deleting a role: the server refuses while users are in it (422 code 12), so the dialog offers to
 * move them to another role first, then deletes.
 */
function DeleteRoleDialog(props: {
  open: boolean;
  role: RoleRecord;
  users: RoleUser[];
  roles: RoleSummary[];
  onClose: () => void;
  /** Lets the page go (past its unsaved-changes guard) once the role is gone. */
  beforeLeaving: () => void;
}) {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const project = useProjectKey();
  const [, navigate] = useLocation();
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const count = props.users.length;
  const targets = props.roles
    .filter((role) => role.id !== props.role.id && role.id !== PUBLIC_ROLE)
    .map((role) => ({ value: String(role.id), label: role.name }));
  const close = () => {
    setFailure(null);
    setTarget(null);
    props.onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      if (count > 0 && target)
        await moveUsers(
          api,
          props.users.map((user) => user.id),
          Number(target),
        );
      await deleteRole(api, props.role.id);
      notify({ title: t('settings_roles.deleted', { name: props.role.name }), color: 'success' });
      props.onClose();
      props.beforeLeaving();
      navigate(settingsRolesHref(project));
    } catch (error) {
      setFailure((error as ApiRequestError).message || t('settings_roles.delete_failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      onClose={close}
      title={t('settings_roles.delete_title', { name: props.role.name })}
      size="small"
      role="alertdialog"
      closeLabel={t('settings_roles.cancel')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {t('settings_roles.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} loading={busy} disabled={count > 0 && !target}>
            {count > 0 && target ? t('settings_roles.move_and_delete') : t('settings_roles.delete')}
          </Button>
        </>
      }
    >
      <div className="roles-form">
        <p>{t('settings_roles.delete_body')}</p>
        {count > 0 && (
          <>
            <p>{t('settings_roles.delete_has_users', { count })}</p>
            <label htmlFor="role-move-target">{t('settings_roles.move_users_to')}</label>
            <Select
              id="role-move-target"
              choices={targets}
              value={target}
              onChange={setTarget}
              placeholder={t('settings_roles.keep_users')}
            />
          </>
        )}
        {failure && (
          <Notice color="danger" live="alert">
            {failure}
          </Notice>
        )}
      </div>
    </Modal>
  );
}

export default RolePage;
