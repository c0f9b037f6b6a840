import { useT } from '../i18n';
import { useErrorMessage } from '../screens/public/LoginPage';
import { ConfirmDialog, Notice } from '../../ui';
import { useSignOut } from './useSignOut';

/**
 * Sign-out asks first (spec §4): the sign-out machine's `confirming` state as a dialog with Cancel
 * and Sign out; while the logout call runs the dialog stays, busy; a failed call says why and
 * offers to try again. `/logout` (LogoutPage) signs out without asking.
 */
export function useSignOutDialog(project: string) {
  const t = useT();
  const messageOf = useErrorMessage();
  const { actor, state } = useSignOut(project);
  const open = state.value === 'confirming' || state.value === 'loggingOut' || state.value === 'failed';
  const failed = state.value === 'failed';
  const dialog = (
    <ConfirmDialog
      open={open}
      title={t('logout.confirm_title')}
      message={t('logout.confirm_body')}
      confirmLabel={failed ? t('logout.retry') : t('login.sign_out')}
      cancelLabel={t('logout.cancel')}
      busy={state.value === 'loggingOut'}
      onConfirm={() => actor.send({ type: failed ? 'RETRY' : 'CONFIRM' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    >
      {failed && state.error && (
        <Notice color="danger" live="alert">
          {t('logout.failed', { message: messageOf(state.error) })}
        </Notice>
      )}
    </ConfirmDialog>
  );
  return { request: () => actor.send({ type: 'REQUEST' }), dialog };
}
