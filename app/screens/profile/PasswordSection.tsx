import { useId, useState, type FormEvent } from 'react';
import { Button, Notice } from '../../../ui';
import { toApiError } from '../../api/client';
import { changeOwnPassword } from '../../api/profile';
import { useT } from '../../i18n';
import { useApi, useNotify } from '../../state/hooks';

/**
 * The password change: the current password (the server checks it, 404 code 100 when wrong), the
 * new one twice, and the project's password rule (422 code 4), each refusal said in words.
 */
export function PasswordSection() {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mismatch = repeat !== '' && next !== repeat;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current || !next || next !== repeat) return;
    setBusy(true);
    setError(null);
    try {
      await changeOwnPassword(api, current, next);
      setCurrent('');
      setNext('');
      setRepeat('');
      notify({ title: t('profile.password.changed'), color: 'success' });
    } catch (failure) {
      const answer = toApiError(failure);
      setError(
        answer.code === 100
          ? t('profile.password.wrong_current')
          : answer.code === 4 && /password:/.test(answer.message) && !/blank/.test(answer.message)
            ? t('profile.password.policy')
            : t('profile.password.failed', { message: answer.message }),
      );
    } finally {
      setBusy(false);
    }
  };

  const input = (name: string, label: string, value: string, set: (v: string) => void, auto: string) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className="input"
        type="password"
        autoComplete={auto}
        required
        value={value}
        aria-invalid={name === 'repeat' && mismatch ? true : undefined}
        aria-describedby={name === 'repeat' && mismatch ? `${id}-mismatch` : undefined}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <section className="profile__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile__heading">
        {t('profile.password.title')}
      </h2>
      <p className="profile__intro">{t('profile.password.intro')}</p>
      <form className="profile__password" onSubmit={(event) => void submit(event)}>
        {input('current', t('profile.password.current'), current, setCurrent, 'current-password')}
        {input('new', t('profile.password.new'), next, setNext, 'new-password')}
        {input('repeat', t('profile.password.repeat'), repeat, setRepeat, 'new-password')}
        {mismatch && (
          <p id={`${id}-mismatch`} className="profile__problem">
            {t('profile.password.mismatch')}
          </p>
        )}
        {error && (
          <Notice color="danger" live="alert">
            {error}
          </Notice>
        )}
        <div className="profile__buttons">
          <Button type="submit" loading={busy} disabled={!current || !next || next !== repeat}>
            {t('profile.password.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
