// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiRequestError } from '../../api/client';
import { StaticProjectsProvider, type ProjectsStore } from '../../state/projects';
import InstallPage, { installPayload, missingFields, stepOfError, type InstallValues } from './InstallPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const values: InstallValues = {
  project: 'demo',
  project_name: '',
  db_vendor: 'mysql',
  db_host: 'db',
  db_port: '',
  db_name: 'cms',
  db_user: 'root',
  db_password: 'pw',
  user_email: 'a@example.com',
  user_password: 'pw1',
  super_admin_token: 'token',
};

describe('install wizard rules', () => {
  it('maps errors to the step they belong to', () => {
    expect(stepOfError(new ApiRequestError(3, 401, 'Permission denied: Superadmin Only'))).toBe('token');
    expect(stepOfError(new ApiRequestError(18, 409, 'Project exists'))).toBe('project');
    expect(stepOfError(new ApiRequestError(19, 400, 'Cannot connect'))).toBe('database');
    expect(stepOfError(new ApiRequestError(4, 422, 'db_name: This value should not be blank.'))).toBe(
      'database',
    );
    expect(stepOfError(new ApiRequestError(4, 422, 'user_email: must be an email'))).toBe('admin');
  });

  it('requires the connection only for server databases', () => {
    expect(missingFields('database', { ...values, db_host: '', db_name: '' })).toEqual([
      'db_host',
      'db_name',
    ]);
    expect(missingFields('database', { ...values, db_vendor: 'sqlite', db_host: '' })).toEqual([]);
  });

  it('builds the POST /server/projects body', () => {
    expect(installPayload(values)).toEqual({
      project: 'demo',
      project_name: 'demo',
      super_admin_token: 'token',
      db_vendor: 'mysql',
      db_host: 'db',
      db_port: 3306,
      db_name: 'cms',
      db_user: 'root',
      db_password: 'pw',
      user_email: 'a@example.com',
      user_password: 'pw1',
    });
    expect(installPayload({ ...values, db_vendor: 'sqlite' })).not.toHaveProperty('db_host');
  });
});

function store(): ProjectsStore {
  return {
    root: '/',
    status: 'none',
    error: { code: 14, message: 'not installed' },
    keys: [],
    projects: {},
    current: null,
    setCurrent: vi.fn(),
    reload: vi.fn(async () => {}),
    reloadProject: vi.fn(async () => undefined),
    refreshProjectInfo: vi.fn(async () => undefined),
    markUnauthenticated: vi.fn(),
  };
}

describe('install wizard', () => {
  it('keeps required fields and server errors in place, then installs', async () => {
    const posted: unknown[] = [];
    let tokenOk = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const body = (status: number, data: unknown) =>
          new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
        if (url.includes('/server/info?super_admin_token')) {
          return tokenOk
            ? body(200, { data: {} })
            : body(401, { error: { code: 3, message: 'Permission denied' } });
        }
        if (url.endsWith('/server/info')) return body(200, { data: { databases: ['sqlite', 'postgres'] } });
        posted.push(JSON.parse(String(init.body)));
        return body(200, { public: true });
      }),
    );
    const projects = store();
    const location = memoryLocation({ path: '/install' });
    render(
      <Router hook={location.hook} searchHook={location.searchHook}>
        <StaticProjectsProvider value={projects}>
          <InstallPage />
        </StaticProjectsProvider>
      </Router>,
    );
    const next = () => act(async () => fireEvent.click(screen.getByRole('button', { name: /Next|Install/ })));
    await next();
    expect(screen.getByText('Required')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Project key'), { target: { value: 'bad key' } });
    expect(screen.getByText('Use only letters, digits, dashes and underscores')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Project key'), { target: { value: 'fresh' } });
    await next();
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'SQLite (a file in the data folder)',
      'PostgreSQL',
    ]);
    await next();
    fireEvent.change(screen.getByLabelText('Admin email'), { target: { value: 'o@example.com' } });
    fireEvent.change(screen.getByLabelText('Admin password'), { target: { value: 'pw' } });
    await next();
    fireEvent.change(screen.getByLabelText('Super-admin token', { selector: 'input' }), {
      target: { value: 'nope' },
    });
    await next();
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong super admin password');
    expect(screen.getByLabelText('Super-admin token', { selector: 'input' })).toBeTruthy();
    expect(posted).toHaveLength(0);
    tokenOk = true;
    await next();
    expect(
      await screen.findByText('The project fresh is installed. Sign in with the admin account.'),
    ).toBeTruthy();
    expect(posted).toEqual([
      {
        project: 'fresh',
        project_name: 'fresh',
        super_admin_token: 'nope',
        db_vendor: 'sqlite',
        user_email: 'o@example.com',
        user_password: 'pw',
      },
    ]);
    expect(projects.reload).toHaveBeenCalled();
  });
});
