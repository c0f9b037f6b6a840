// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { UserCardContext, type UserCardWrapper } from '../../displays/user-card';
import { UserDisplay, UserBadge } from './displays';

afterEach(cleanup);

const wrapper: UserCardWrapper = (user, anchor) => (
  <span data-testid="card" data-user={typeof user === 'number' ? user : String(user.id)}>
    {anchor}
  </span>
);

describe('user displays and the app’s user card', () => {
  it('render plain without a provider', () => {
    render(<UserDisplay value={{ id: 3, first_name: 'Elena', last_name: 'Marsh' }} />);
    expect(screen.getByText('Elena Marsh')).toBeTruthy();
    expect(screen.queryByTestId('card')).toBeNull();
  });

  it('hand the user (row or bare key) to the provided card', () => {
    render(
      <UserCardContext.Provider value={wrapper}>
        <UserDisplay value={{ id: 3, first_name: 'Elena', last_name: 'Marsh' }} />
        <UserDisplay value={7} />
      </UserCardContext.Provider>,
    );
    expect(screen.getAllByTestId('card').map((el) => el.getAttribute('data-user'))).toEqual(['3', '7']);
    // In a list the name is no tab stop; a form's read-only value is.
    expect(
      screen.getByText('Elena Marsh').closest('.octavo-user-display')?.getAttribute('tabindex'),
    ).toBeNull();
  });

  it('make a form’s user value focusable for the card', () => {
    render(
      <UserCardContext.Provider value={wrapper}>
        <UserBadge value={{ id: 3, first_name: 'Elena', last_name: 'Marsh' }} focusable />
      </UserCardContext.Provider>,
    );
    expect(screen.getByText('Elena Marsh').closest('.octavo-user-display')?.getAttribute('tabindex')).toBe(
      '0',
    );
  });
});
