import '../catalogs';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import {
  Badge,
  Button,
  EmptyState,
  Modal,
  Notice,
  Spinner,
  Table,
  TextInput,
  Textarea,
} from '../../../../ui';
import { createRole, listRoles, type RoleSummary } from '../../../api/roles';
import type { ApiRequestError } from '../../../api/client';
import { useT } from '../../../i18n';
import { useApi, useNotify, useProjectKey } from '../../../state/hooks';
import { settingsHref, settingsRoleHref } from '../../../paths';
import { Page } from '../../../shell/Page';
import '../settings.css';
import './roles.css';
import { useErrorText } from '../../../i18n/errors';

/** /{project}/settings/roles: every role with its description and how many users it has; a new role. */
export function RolesList() {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const [roles, setRoles] = useState<RoleSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  const load = useCallback(() => {
    listRoles(api).then(
      (list) => {
        setRoles(list);
        setError(null);
      },
      (failure: ApiRequestError) => setError(failure.message || t('settings_roles.load_failed')),
    );
  }, [api, t]);
  useEffect(load, [load]);

  return (
    <Page
      title={t('settings_roles.title')}
      breadcrumb={[{ label: t('settings_roles.settings'), href: settingsHref(project) }]}
      className="settings-page roles-page"
      actions={
        <Button icon="add" onClick={() => setCreating(true)}>
          {t('settings_roles.new_role')}
        </Button>
      }
      info={<p className="info-sidebar__empty">{t('settings_roles.info_list')}</p>}
    >
      {error && (
        <Notice color="danger" live="alert">
          {error}
        </Notice>
      )}
      {!roles && !error && <Spinner label={t('settings_roles.loading')} showLabel />}
      {roles && roles.length === 0 && <EmptyState icon="badge" title={t('settings_roles.no_roles')} />}
      {roles && roles.length > 0 && (
        <div className="roles-table">
          <Table
            label={t('settings_roles.title')}
            columns={[
              { key: 'name', label: t('settings_roles.name'), width: 240 },
              { key: 'description', label: t('settings_roles.description'), width: 420 },
              { key: 'users', label: t('settings_roles.users'), width: 120 },
            ]}
            rows={roles}
            rowKey={(role) => role.id}
            renderCell={(role, column) => {
              if (column.key === 'name')
                return (
                  <span className="roles-table__name">
                    <Link href={settingsRoleHref(project, role.id)}>{role.name}</Link>
                    {role.id === 1 && <Badge subdued>{t('settings_roles.admin_badge')}</Badge>}
                    {role.id === 2 && <Badge subdued>{t('settings_roles.public_badge')}</Badge>}
                  </span>
                );
              if (column.key === 'description')
                return <span className="roles-table__description">{role.description}</span>;
              return role.id === 2 ? (
                <span className="roles-table__muted">{t('settings_roles.public_users')}</span>
              ) : (
                t('settings_roles.user_count', { count: role.users })
              );
            }}
          />
        </div>
      )}
      <NewRoleDialog
        open={creating}
        onClose={() => setCreating(false)}
        existing={roles?.map((role) => role.name.toLowerCase()) ?? []}
      />
    </Page>
  );
}

function NewRoleDialog(props: { open: boolean; onClose: () => void; existing: string[] }) {
  const t = useT();
  const api = useApi();
  const project = useProjectKey();
  const notify = useNotify();
  const errorText = useErrorText();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [busy, setBusy] = useState(false);
  const trimmed = name.trim();
  const taken = props.existing.includes(trimmed.toLowerCase());
  const close = () => {
    setName('');
    setDescription('');
    props.onClose();
  };
  const submit = async () => {
    if (!trimmed || taken) return;
    setBusy(true);
    try {
      const role = await createRole(api, { name: trimmed, description: description.trim() || null });
      notify({ title: t('settings_roles.created', { name: role.name }), color: 'success' });
      close();
      navigate(settingsRoleHref(project, role.id));
    } catch (failure) {
      notify({
        title: t('settings_roles.create_failed'),
        details: errorText(failure),
        color: 'danger',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      onClose={close}
      title={t('settings_roles.new_role')}
      size="small"
      closeLabel={t('settings_roles.cancel')}
      actions={
        <>
          <Button variant="secondary" onClick={close}>
            {t('settings_roles.cancel')}
          </Button>
          <Button onClick={submit} disabled={!trimmed || taken} loading={busy}>
            {t('settings_roles.create')}
          </Button>
        </>
      }
    >
      <form
        className="roles-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="new-role-name">{t('settings_roles.name')}</label>
        <TextInput
          id="new-role-name"
          value={name}
          onChange={setName}
          required
          autoFocus
          maxLength={100}
          invalid={taken}
          describedBy={taken ? 'new-role-taken' : undefined}
        />
        {taken && (
          <p id="new-role-taken" className="roles-form__error">
            {t('settings_roles.name_taken')}
          </p>
        )}
        <label htmlFor="new-role-description">{t('settings_roles.description')}</label>
        <Textarea
          id="new-role-description"
          value={description}
          onChange={setDescription}
          rows={3}
          maxLength={500}
        />
        <p className="roles-form__hint">{t('settings_roles.new_role_hint')}</p>
      </form>
    </Modal>
  );
}

export default RolesList;
