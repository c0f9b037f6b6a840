import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import QRCode from 'qrcode';
import { Badge, Button, Notice } from '../../../ui';
import { toApiError, type ApiRequestError } from '../../api/client';
import { deactivateOwnTwoFactor, ownTwoFactor } from '../../api/profile';
import { activateTwoFactor } from '../../api/users';
import { newTwoFactorSecret } from '../../api/utils';
import { useT } from '../../i18n';
import { useApi, useNotify } from '../../state/hooks';
import { OtpInput } from '../public/OtpInput';
import { otpauthUri } from '../public/SetupTwoFactorPage';
import { useErrorText } from '../../i18n/errors';

type Step = { kind: 'idle' } | { kind: 'enabling'; secret: string; qr: string } | { kind: 'disabling' };

/**
 * Two-factor authentication of one's own account: turn it on with a fresh secret shown as a QR code
 * and a first code to prove the app holds it (POST /users/me/activate_2fa), turn it off with a
 * current code or the password (POST /users/me/deactivate_2fa). A role that enforces it keeps it.
 */
export function TwoFactorSection({ email }: { email: string }) {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const errorText = useErrorText();
  const id = useId();
  const [state, setState] = useState<{ enabled: boolean; enforced: boolean } | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => setState(await ownTwoFactor(api)), [api]);
  useEffect(() => {
    refresh().catch((failure: unknown) => setError(errorText(failure)));
  }, [refresh, errorText]);

  const say = (failure: ApiRequestError) =>
    failure.code === 112
      ? t('profile.tfa.wrong_code')
      : failure.code === 100
        ? t('profile.tfa.wrong_password')
        : t('profile.tfa.failed', { message: failure.message });

  const reset = () => {
    setStep({ kind: 'idle' });
    setOtp('');
    setPassword('');
    setError(null);
  };

  const startEnabling = async () => {
    setBusy(true);
    setError(null);
    try {
      const secret = await newTwoFactorSecret(api);
      const qr = await QRCode.toDataURL(otpauthUri(email, secret), { margin: 1, width: 192 });
      setStep({ kind: 'enabling', secret, qr });
    } catch (failure) {
      setError(say(toApiError(failure)));
    } finally {
      setBusy(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (step.kind === 'enabling') {
        await activateTwoFactor(api, step.secret, otp);
        notify({ title: t('profile.tfa.enabled'), color: 'success' });
      } else {
        await deactivateOwnTwoFactor(api, otp ? { otp } : { password });
        notify({ title: t('profile.tfa.disabled'), color: 'success' });
      }
      reset();
      await refresh();
    } catch (failure) {
      setError(say(toApiError(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="profile__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile__heading">
        {t('profile.tfa.title')}
        {state && (
          <Badge background={state.enabled ? 'success' : 'light-gray'}>
            {state.enabled ? t('profile.tfa.enable_state_on') : t('profile.tfa.enable_state_off')}
          </Badge>
        )}
      </h2>
      {state && (
        <p className="profile__intro">
          {state.enabled ? t('profile.tfa.on') : t('profile.tfa.off')}
          {state.enabled && state.enforced && <> {t('profile.tfa.enforced')}</>}
        </p>
      )}
      {step.kind === 'idle' && state && (
        <div className="profile__buttons">
          {state.enabled ? (
            !state.enforced && (
              <Button variant="secondary" onClick={() => setStep({ kind: 'disabling' })}>
                {t('profile.tfa.disable')}
              </Button>
            )
          ) : (
            <Button icon="shield_lock" loading={busy} onClick={() => void startEnabling()}>
              {t('profile.tfa.enable')}
            </Button>
          )}
        </div>
      )}
      {step.kind !== 'idle' && (
        <form className="profile__tfa" onSubmit={(event) => void submit(event)}>
          {step.kind === 'enabling' ? (
            <>
              <p className="profile__intro">{t('profile.tfa.scan')}</p>
              <div className="profile__qr">
                <img src={step.qr} alt={t('profile.tfa.qr_alt')} width={192} height={192} />
                <div className="field">
                  <span className="field__label" id={`${id}-key`}>
                    {t('profile.tfa.key')}
                  </span>
                  <code className="profile__secret" aria-labelledby={`${id}-key`} data-secret={step.secret}>
                    {step.secret.replace(/(.{4})/g, '$1 ').trim()}
                  </code>
                </div>
              </div>
              <OtpInput id="profile-tfa-code" label={t('profile.tfa.code')} onChange={setOtp} autoFocus />
            </>
          ) : (
            <>
              <p className="profile__intro">{t('profile.tfa.disable_intro')}</p>
              <OtpInput
                id="profile-tfa-current"
                label={t('profile.tfa.disable_code')}
                onChange={setOtp}
                autoFocus
              />
              <div className="field">
                <label className="field__label" htmlFor="profile-tfa-password">
                  {t('profile.tfa.disable_password')}
                </label>
                <input
                  id="profile-tfa-password"
                  className="input"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </div>
            </>
          )}
          {error && (
            <Notice color="danger" live="alert">
              {error}
            </Notice>
          )}
          <div className="profile__buttons">
            <Button variant="secondary" type="button" onClick={reset} disabled={busy}>
              {t('profile.tfa.cancel')}
            </Button>
            <Button
              type="submit"
              loading={busy}
              disabled={step.kind === 'enabling' ? otp.length !== 6 : otp.length !== 6 && !password}
            >
              {step.kind === 'enabling' ? t('profile.tfa.confirm') : t('profile.tfa.disable_confirm')}
            </Button>
          </div>
        </form>
      )}
      {step.kind === 'idle' && error && (
        <Notice color="danger" live="alert">
          {error}
        </Notice>
      )}
    </section>
  );
}
