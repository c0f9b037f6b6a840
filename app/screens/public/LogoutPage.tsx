import { useEffect } from 'react';
import { useT } from '../../i18n';
import { useProjects } from '../../state/projects';
import { useSignOut } from '../../shell/useSignOut';
import { FullPageLoader } from '../../shell/FullPageLoader';
import { PublicFrame } from './PublicFrame';
import { useErrorMessage } from './LoginPage';
import { Button, Notice } from '../../../ui';

/** /logout: signs out of the current project without asking, then goes to /login (sign-out machine). */
export default function LogoutPage() {
  const t = useT();
  const messageOf = useErrorMessage();
  const { current, projects } = useProjects();
  const { actor, state } = useSignOut(current ?? '');
  useEffect(() => {
    actor.send({ type: 'SIGN_OUT_NOW' });
  }, [actor]);
  if (state.value === 'failed' && state.error) {
    return (
      <PublicFrame project={current ? projects[current]?.data : null}>
        <Notice color="danger" live="alert">
          {t('logout.failed', { message: messageOf(state.error) })}
        </Notice>
        <Button type="button" onClick={() => actor.send({ type: 'RETRY' })}>
          {t('logout.retry')}
        </Button>
      </PublicFrame>
    );
  }
  return <FullPageLoader label={t('logout.signing_out')} />;
}
