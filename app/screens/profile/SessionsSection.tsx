import { useCallback, useEffect, useId, useState } from 'react';
import { Badge, Button, ConfirmDialog, Icon, Notice, Spinner } from '../../../ui';
import { endAllOwnSessions, endOwnSession, listOwnSessions, type OwnSession } from '../../api/profile';
import { useFormat, useT } from '../../i18n';
import { useApi, useAppData, useNotify } from '../../state/hooks';
import { useLocation } from 'wouter';
import { deviceName } from './user-agent';
import { useErrorText } from '../../i18n/errors';

/**
 * The user's open sessions (Octavo: GET /users/me/sessions): device, IP address, when it was last
 * renewed and when it signed in, this one marked. One can be signed out (POST /auth/logout/{user}/{id});
 * "sign out everywhere" (POST /auth/logout/{user}) ends them all, this one too, and goes to the login
 * page through /logout (the sign-out machine).
 */
export function SessionsSection() {
  const t = useT();
  const api = useApi();
  const notify = useNotify();
  const errorText = useErrorText();
  const format = useFormat();
  const { data } = useAppData();
  const id = useId();
  const [, navigate] = useLocation();
  const [sessions, setSessions] = useState<OwnSession[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [ending, setEnding] = useState<number | null>(null);
  const [askAll, setAskAll] = useState(false);
  const [endingAll, setEndingAll] = useState(false);

  const load = useCallback(async () => {
    try {
      setSessions(await listOwnSessions(api));
      setError(null);
    } catch (failure) {
      setError(t('profile.sessions.load_failed', { message: errorText(failure) }));
    }
  }, [api, t, errorText]);
  useEffect(() => {
    void load();
  }, [load]);

  const device = (session: OwnSession) => {
    const { browser, system } = deviceName(session.user_agent);
    return [browser, system].filter(Boolean).join(' · ') || t('profile.sessions.unknown_device');
  };

  const endOne = async (session: OwnSession) => {
    setEnding(session.id);
    try {
      await endOwnSession(api, data.user.id, session.id);
      notify({ title: t('profile.sessions.signed_out'), color: 'success' });
      await load();
    } catch (failure) {
      setError(t('profile.sessions.load_failed', { message: errorText(failure) }));
    } finally {
      setEnding(null);
    }
  };

  const endAll = async () => {
    setEndingAll(true);
    try {
      await endAllOwnSessions(api, data.user.id);
      setAskAll(false);
      // This session is gone too: /logout (the sign-out machine) takes the app to the login page.
      navigate('/logout');
    } catch (failure) {
      setAskAll(false);
      setError(t('profile.sessions.load_failed', { message: errorText(failure) }));
    } finally {
      setEndingAll(false);
    }
  };

  return (
    <section className="profile__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="profile__heading">
        {t('profile.sessions.title')}
        {sessions && (
          <span className="profile__count">{t('profile.sessions.count', { count: sessions.length })}</span>
        )}
      </h2>
      <p className="profile__intro">{t('profile.sessions.intro')}</p>
      {error && (
        <Notice color="danger" live="alert">
          {error}
        </Notice>
      )}
      {!sessions && !error && <Spinner label={t('profile.loading')} />}
      {sessions && sessions.length === 0 && <p className="profile__intro">{t('profile.sessions.none')}</p>}
      {sessions && sessions.length > 0 && (
        <ul className="profile-sessions" aria-labelledby={`${id}-title`}>
          {sessions.map((session) => (
            <li key={session.id} className="profile-sessions__row" data-session={session.id}>
              <Icon
                name={
                  session.user_agent && /Mobile|Android|iPhone/.test(session.user_agent)
                    ? 'smartphone'
                    : 'computer'
                }
              />
              <div className="profile-sessions__main">
                <div className="profile-sessions__device">
                  {device(session)}
                  {session.current && (
                    <Badge background="blue-grey-100">{t('profile.sessions.current')}</Badge>
                  )}
                </div>
                <dl className="profile-sessions__facts">
                  <div>
                    <dt>{t('profile.sessions.ip')}</dt>
                    <dd>{session.ip_address ?? '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('profile.sessions.last_used')}</dt>
                    <dd>{session.last_used_on ? format.relative(session.last_used_on) : '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('profile.sessions.created')}</dt>
                    <dd>{session.created_on ? format.date(session.created_on, 'medium') : '—'}</dd>
                  </div>
                </dl>
              </div>
              {!session.current && (
                <Button
                  variant="secondary"
                  size="small"
                  loading={ending === session.id}
                  aria-label={t('profile.sessions.sign_out_label', { device: device(session) })}
                  onClick={() => void endOne(session)}
                >
                  {t('profile.sessions.sign_out')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="profile__buttons">
        <Button variant="danger" icon="logout" onClick={() => setAskAll(true)}>
          {t('profile.sessions.everywhere')}
        </Button>
      </div>
      <ConfirmDialog
        open={askAll}
        title={t('profile.sessions.everywhere_title')}
        message={t('profile.sessions.everywhere_body')}
        confirmLabel={t('profile.sessions.everywhere_confirm')}
        cancelLabel={t('profile.sessions.cancel')}
        danger
        busy={endingAll}
        onConfirm={() => void endAll()}
        onCancel={() => setAskAll(false)}
      />
    </section>
  );
}
