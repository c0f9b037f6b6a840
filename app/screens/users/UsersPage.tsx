import { useState } from 'react';
import { Button } from '../../../ui';
import { useT } from '../../i18n';
import { usePermissionModel } from '../../state/hooks';
import ItemListingPage from '../listing/ItemListingPage';
import { InviteDialog } from './InviteDialog';
import './catalog';

/**
 * `/{project}/users`: the user directory. The listing of directus_users (cards by default through the
 * collection's preset, the table a layout away, search and filters), with Invite for administrators.
 */
export default function UsersPage() {
  const t = useT();
  const permissions = usePermissionModel();
  const [inviting, setInviting] = useState(false);
  // The listing reloads when remounted: a new key after invitations shows the invited users.
  const [round, setRound] = useState(0);
  const invite = permissions.mayManageUser('invite', null) ? (
    <Button variant="secondary" icon="person_add" onClick={() => setInviting(true)}>
      {t('users.invite')}
    </Button>
  ) : undefined;
  return (
    <>
      <ItemListingPage key={round} collection="directus_users" actions={invite} />
      {invite && (
        <InviteDialog
          open={inviting}
          onClose={() => setInviting(false)}
          onInvited={() => setRound((value) => value + 1)}
        />
      )}
    </>
  );
}
