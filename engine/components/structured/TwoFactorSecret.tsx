import { useContext, useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { Button } from '../../../ui/Button';
import { IconButton } from '../../../ui/IconButton';
import { useEngineT } from '../../i18n';
import { FormServicesContext, type InterfaceComponentProps } from '../contract';
import { str } from './values';
import './structured.css';

/** The otpauth address an authenticator app reads (from the QR code, or typed in). */
export function otpauthUrl(account: string, secret: string): string {
  return `otpauth://totp/Octavo:${encodeURIComponent(account)}?secret=${encodeURIComponent(secret)}&issuer=Octavo`;
}

/**
 * 2FA secret (directus_users.2fa_secret): the server never sends a stored secret back, so the field
 * shows a secret only after "Generate" (GET /utils/2fa_secret), masked until revealed, with the QR
 * code of its otpauth address. Saving the item stores it, which turns two-factor sign-in on. The
 * app offers the generator only on the user's own record, and only there makes the system field
 * (read-only everywhere else) writable. Disabled, the interface offers nothing.
 */
export default function TwoFactorSecret(props: InterfaceComponentProps) {
  const t = useEngineT();
  const services = useContext(FormServicesContext);
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  const secret = str(props.value);
  const generate = services.newTwoFactorSecret;
  const mayGenerate = Boolean(generate) && !props.disabled;
  const account = str(props.values.email) ?? str(props.values.first_name) ?? 'user';
  const url = secret ? otpauthUrl(account, secret) : null;

  useEffect(() => {
    let live = true;
    if (!url || !revealed) {
      setQr(null);
      return;
    }
    QRCode.toDataURL(url, { margin: 1, width: 180 }).then(
      (image) => live && setQr(image),
      () => live && setQr(null),
    );
    return () => {
      live = false;
    };
  }, [url, revealed]);

  const onGenerate = async () => {
    if (!generate) return;
    setBusy(true);
    setFailed(false);
    try {
      props.onChange(await generate());
      setRevealed(true);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div id={props.id} className="octavo-two-factor" role="group" aria-describedby={props.describedBy}>
      {secret ? (
        <div className="octavo-two-factor__secret">
          <code aria-label={revealed ? undefined : t('interfaces.structured.secret_hidden')}>
            {revealed ? secret : '•••• •••• •••• ••••'}
          </code>
          <IconButton
            icon={revealed ? 'visibility_off' : 'visibility'}
            size="small"
            label={revealed ? t('interfaces.structured.hide_secret') : t('interfaces.structured.show_secret')}
            aria-pressed={revealed}
            disabled={props.disabled}
            onClick={() => setRevealed(!revealed)}
          />
        </div>
      ) : (
        <p className="octavo-structured__hint">{t('interfaces.structured.secret_not_shown')}</p>
      )}
      {secret && revealed && (
        <div className="octavo-two-factor__code">
          {qr && <img src={qr} width={180} height={180} alt={t('interfaces.structured.qr_alt')} />}
          <code className="octavo-two-factor__url">{url}</code>
        </div>
      )}
      {mayGenerate && (
        <div className="octavo-two-factor__actions">
          <Button variant="secondary" size="small" icon="autorenew" loading={busy} onClick={onGenerate}>
            {secret ? t('interfaces.structured.generate_again') : t('interfaces.structured.generate_secret')}
          </Button>
          {secret && (
            <Button variant="text" size="small" onClick={() => props.onChange(null)}>
              {t('interfaces.structured.discard_secret')}
            </Button>
          )}
        </div>
      )}
      {secret && mayGenerate && (
        <p className="octavo-structured__hint">{t('interfaces.structured.secret_save_note')}</p>
      )}
      {failed && (
        <p role="alert" className="octavo-structured__error">
          {t('interfaces.structured.generate_failed')}
        </p>
      )}
    </div>
  );
}
