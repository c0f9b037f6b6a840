// @vitest-environment jsdom
import '../shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { appData, fakeApi, renderInApp } from '../screens/item/test-harness';
import { UserRef } from './UserHoverCard';
import { avatarUrl } from './user-display';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const schema = { collections: {}, fields: {}, relations: [] };

function show(user: Parameters<typeof UserRef>[0]['user'], users: Record<number, unknown>) {
  // `users/{id}` answers for the ids given; others fail, as a user the caller may not read.
  const handlers = Object.fromEntries(
    Object.entries(users).map(([id, found]) => [`GET users/${id}`, () => found]),
  );
  const { api, calls } = fakeApi(handlers);
  const { tree } = renderInApp(
    appData({ api, schema }),
    '/demo/collections/articles/1',
    <UserRef user={user} />,
  );
  render(tree);
  return { calls };
}

async function hover(element: HTMLElement) {
  fireEvent.pointerEnter(element.parentElement!);
  await act(async () => {
    vi.advanceTimersByTime(300);
  });
  // Let the user request settle.
  await act(async () => {
    await Promise.resolve();
  });
  return screen.getByRole('tooltip');
}

describe('UserRef and the user hover card', () => {
  it('shows the name and, after 300 ms, the card with title and company', async () => {
    vi.useFakeTimers();
    const { calls } = show(
      { id: 2, first_name: 'Elena', last_name: 'Marsh' },
      { 2: { id: 2, first_name: 'Elena', last_name: 'Marsh', title: 'Editor', company: 'Octavo Magazine' } },
    );
    const link = screen.getByRole('link', { name: 'Elena Marsh' });
    expect(link.getAttribute('href')).toContain('/demo/users/2');
    expect(calls).toHaveLength(0);
    const card = await hover(link);
    expect(card.textContent).toContain('Elena Marsh');
    expect(card.textContent).toContain('Editor');
    expect(card.textContent).toContain('Octavo Magazine');
    expect(calls.map((call) => call.path)).toEqual(['users/2']);
    expect(String(calls[0].params?.fields)).toContain('title');
  });

  it("falls back to 'No Title' and 'No Company'", async () => {
    vi.useFakeTimers();
    show(
      { id: 1, first_name: 'Admin', last_name: 'User' },
      { 1: { id: 1, first_name: 'Admin', last_name: 'User' } },
    );
    const card = await hover(screen.getByRole('link', { name: 'Admin User' }));
    expect(card.textContent).toContain('No Title');
    expect(card.textContent).toContain('No Company');
  });

  it('looks a bare id up by id, and shows "Unknown user" when it cannot be read', async () => {
    show(5, {});
    expect(await screen.findByRole('link', { name: 'Unknown user' })).toBeTruthy();
    cleanup();
    show(6, { 6: { id: 6, first_name: 'Rosa', last_name: 'Diaz' } });
    expect(await screen.findByRole('link', { name: 'Rosa Diaz' })).toBeTruthy();
  });

  it('shows no link and no card for nobody (a public action)', () => {
    show(null, {});
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Unknown user')).toBeTruthy();
  });
});

describe('avatarUrl', () => {
  it('takes the small thumbnail, else the asset by private hash, else none', () => {
    const thumbnails = [
      { key: 'directus-small-crop', url: 'http://host/demo/assets/abc?key=directus-small-crop' },
      { key: 'directus-large-contain', url: 'http://host/demo/assets/abc?key=directus-large-contain' },
    ];
    expect(avatarUrl({ data: { thumbnails } }, '/', 'demo')).toBe(thumbnails[0].url);
    // The same-origin address wins when the server gives one.
    const relative = thumbnails.map((t) => ({ ...t, relative_url: t.url.replace('http://host', '') }));
    expect(avatarUrl({ data: { thumbnails: relative } }, '/', 'demo')).toBe(
      '/demo/assets/abc?key=directus-small-crop',
    );
    expect(avatarUrl({ private_hash: 'abc', type: 'image/png' }, '/api/', 'demo')).toBe(
      '/api/demo/assets/abc?key=directus-small-crop',
    );
    expect(avatarUrl(null, '/', 'demo')).toBeNull();
    expect(avatarUrl(4, '/', 'demo')).toBeNull();
  });
});
