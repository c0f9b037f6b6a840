import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import QRCode from 'qrcode';
import { createApiClient, toApiError } from '../../api/client';
import { activateTwoFactor, twoFactorSetup } from '../../api/users';
import { toCallError, type CallError } from '../../../machines/implementations';
import { useT } from '../../i18n';
import { useNotify } from '../../state/hooks';
import { useProjects } from '../../state/projects';
import { PublicFrame } from './PublicFrame';
import { OtpInput } from './OtpInput';
import { useErrorMessage } from './LoginPage';
import { Button, Notice } from '../../../ui';

/** The otpauth URI an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return `otpauth://totp/Octavo:${encodeURIComponent(email)}?secret=${encodeURIComponent(secret)}&issuer=Octavo`;
}

/**
 * /setup-2fa: reached on error 113 (the role enforces 2FA and the user has none). Shows a fresh secret as a QR
 * code; the first valid code activates it (POST users/me/activate_2fa), then the app opens.
 */
export default function SetupTwoFactorPage() {
  const t = useT();
  const notify = useNotify();
  const messageOf = useErrorMessage();
  const projects = useProjects();
  const [, navigate] = useLocation();
  const project = projects.current ?? '';
  const api = createApiClient(projects.root, project);
  const [secret, setSecret] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<CallError | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const { email, secret: value } = await twoFactorSetup(api);
      const image = await QRCode.toDataURL(otpauthUri(email, value), {
        margin: 1,
        width: 200,
      });
      if (!cancelled) {
        setSecret(value);
        setQr(image);
      }
    })().catch((failure: unknown) => !cancelled && setError(toCallError(toApiError(failure))));
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [project]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!secret || otp.length !== 6) return;
    setBusy(true);
    setError(null);
    try {
      await activateTwoFactor(api, secret, otp);
      notify({ title: t('tfa.activated'), color: 'success' });
      await projects.reloadProject(project);
      navigate(`/${project}/collections`, { replace: true });
    } catch (failure) {
      setError(toCallError(toApiError(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame project={projects.projects[project]?.data}>
      <h1>{t('tfa.title')}</h1>
      <p className="field__hint">{t('tfa.intro')}</p>
      {error && (
        <Notice color={error.code === -1 ? 'danger' : 'warning'} live="alert">
          {messageOf(error)}
        </Notice>
      )}
      {qr && <img className="tfa__qr" src={qr} alt={t('tfa.qr_alt')} />}
      {secret && <p className="tfa__secret">{t('tfa.secret', { secret })}</p>}
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <OtpInput id="tfa-otp" label={t('login.otp')} hint={t('login.otp_hint')} onChange={setOtp} />
        <Button type="submit" block disabled={busy || !secret || otp.length !== 6}>
          {t('tfa.confirm')}
        </Button>
      </form>
    </PublicFrame>
  );
}
