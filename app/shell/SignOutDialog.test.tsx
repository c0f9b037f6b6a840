// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { useSignOutDialog } from './SignOutDialog';

afterEach(cleanup);

function Harness() {
  const signOut = useSignOutDialog();
  return (
    <>
      <button type="button" onClick={signOut.request}>
        Sign Out
      </button>
      {signOut.dialog}
    </>
  );
}

describe('the sign-out confirmation (spec §4)', () => {
  it('asks first: Cancel stays, Sign out goes to /logout', async () => {
    const location = memoryLocation({ path: '/test/collections', record: true });
    const user = userEvent.setup();
    render(
      <Router hook={location.hook}>
        <Harness />
      </Router>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('alertdialog', { name: 'Sign out?' });
    // The safe answer has the focus.
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(location.history).toEqual(['/test/collections']);

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(location.history.at(-1)).toBe('/logout');
  });
});
