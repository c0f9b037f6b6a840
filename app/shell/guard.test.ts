import { describe, expect, it } from 'vitest';
import { decideRoute, type GuardInput } from './guard';

const project = (
  key: string,
  authenticated: boolean,
  status: 'loading' | 'successful' | 'failed' = 'successful',
) => ({
  key,
  status,
  data: status === 'successful' ? { project_name: key, authenticated } : null,
  error: null,
});

function input(path: string, search = '', overrides: Partial<GuardInput['projects']> = {}): GuardInput {
  return {
    path,
    search,
    projects: {
      status: 'loaded',
      keys: ['demo', 'other'],
      projects: { demo: project('demo', true), other: project('other', false) },
      current: 'demo',
      ...overrides,
    },
  };
}

describe('route guard', () => {
  it('waits for the projects first', () => {
    expect(decideRoute(input('/demo/collections', '', { status: 'loading' }))).toEqual({ kind: 'loading' });
  });

  it('goes to /install when there are no projects, and stays there', () => {
    expect(decideRoute(input('/demo/collections', '', { status: 'none', keys: [] }))).toEqual({
      kind: 'redirect',
      to: '/install',
    });
    expect(decideRoute(input('/install', '', { status: 'none', keys: [] })).kind).toBe('render');
  });

  it('renders public routes without a session', () => {
    for (const path of ['/login', '/reset-password', '/install', '/setup-2fa', '/logout']) {
      expect(decideRoute(input(path, '', { current: 'other' })).kind).toBe('render');
    }
  });

  it('sends an unauthenticated private route to /login with the full original path', () => {
    expect(decideRoute(input('/other/collections/articles', 'b=3'))).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/other/collections/articles?b=3')}`,
    });
  });

  it('keeps the query when the path is / and nobody is signed in', () => {
    expect(decideRoute(input('/', 'project=other', { current: 'other' }))).toEqual({
      kind: 'redirect',
      to: '/login?project=other',
    });
    expect(decideRoute(input('/', '', { current: 'other' }))).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('renders a private route of a signed-in project, choosing the project from the path', () => {
    expect(decideRoute(input('/demo/files', '', { current: 'other' }))).toEqual({
      kind: 'render',
      project: 'demo',
    });
  });

  it('opens the collections of the signed-in project at /', () => {
    expect(decideRoute(input('/'))).toEqual({ kind: 'redirect', to: '/demo/collections' });
  });

  it('waits while the path project is loading, and treats a failed project as signed out', () => {
    expect(
      decideRoute(input('/demo/collections', '', { projects: { demo: project('demo', false, 'loading') } })),
    ).toEqual({ kind: 'loading' });
    expect(
      decideRoute(input('/demo/collections', '', { projects: { demo: project('demo', false, 'failed') } }))
        .kind,
    ).toBe('redirect');
  });

  it('renders unknown paths of a signed-in session (the not-found page answers them)', () => {
    expect(decideRoute(input('/nowhere/at/all'))).toEqual({ kind: 'render', project: 'demo' });
  });
});
