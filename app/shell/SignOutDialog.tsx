import { useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../i18n';
import { ConfirmDialog } from '../../ui';

/**
 * Sign-out asks first (spec §4): a dialog with Cancel and Sign out. Signing out itself is the
 * `/logout` route (LogoutPage and the sign-out machine), a public page that stays mounted while the
 * session ends, the projects reload and the app goes to /login; it also shows a failed logout.
 */
export function useSignOutDialog() {
  const t = useT();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const dialog = (
    <ConfirmDialog
      open={open}
      title={t('logout.confirm_title')}
      message={t('logout.confirm_body')}
      confirmLabel={t('login.sign_out')}
      cancelLabel={t('logout.cancel')}
      onConfirm={() => {
        setOpen(false);
        navigate('/logout');
      }}
      onCancel={() => setOpen(false)}
    />
  );
  return { request: () => setOpen(true), dialog };
}
