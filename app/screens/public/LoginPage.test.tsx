// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { StaticProjectsProvider, type ProjectsStore } from '../../state/projects';
import { LoginPage } from './LoginPage';
import { OtpInput } from './OtpInput';

type Handler = (url: string, init: RequestInit) => { status: number; body: unknown };

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

let handler: Handler;
const calls: { url: string; body: any }[] = [];

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/auth/sso')) return json(200, { data: [], public: true });
      const answer = handler(url, init);
      return json(answer.status, answer.body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function store(overrides: Partial<ProjectsStore> = {}): ProjectsStore {
  return {
    root: '/',
    status: 'loaded',
    error: null,
    keys: ['demo'],
    projects: {
      demo: {
        key: 'demo',
        status: 'successful',
        data: { project_name: 'Demo', authenticated: false },
        error: null,
      },
    },
    current: 'demo',
    setCurrent: vi.fn(),
    reload: vi.fn(async () => {}),
    reloadProject: vi.fn(async () => undefined),
    refreshProjectInfo: vi.fn(async () => undefined),
    markUnauthenticated: vi.fn(),
    ...overrides,
  };
}

function renderLogin(path = '/login', projects = store()) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <StaticProjectsProvider value={projects}>
        <LoginPage />
      </StaticProjectsProvider>
    </Router>,
  );
  return location;
}

async function submit(email = 'admin@example.com', password = 'secret') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  });
}

describe('login screen', () => {
  it('signs in with mode cookie and enters the redirect', async () => {
    handler = (url) =>
      url.includes('auth/authenticate')
        ? { status: 200, body: { data: { user: { id: '1' } }, public: true } }
        : { status: 200, body: { data: { last_page: '/demo/files' } } };
    const location = renderLogin('/login?redirect=%2Fdemo%2Fcollections%2Farticles');
    await submit();
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/collections/articles'));
    const auth = calls.find((c) => c.url.endsWith('/demo/auth/authenticate'))!;
    expect(auth.body).toEqual({ email: 'admin@example.com', password: 'secret', mode: 'cookie' });
  });

  it('goes to the last page without a redirect', async () => {
    handler = (url) =>
      url.includes('auth/authenticate')
        ? { status: 200, body: { data: { user: { id: '1' } }, public: true } }
        : { status: 200, body: { data: { last_page: '/demo/files' } } };
    const location = renderLogin();
    await submit();
    await waitFor(() => expect(location.history.at(-1)).toBe('/demo/files'));
  });

  it('100: shows the message, focuses and selects the password', async () => {
    handler = () => ({ status: 404, body: { error: { code: 100, message: 'Invalid user credentials' } } });
    renderLogin();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Incorrect Email/Password');
    expect(alert.className).toContain('notice--warning');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('111: turns on the one-time-code input and sends the code only when complete', async () => {
    handler = () => ({ status: 404, body: { error: { code: 111, message: 'OTP missing' } } });
    renderLogin();
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Enter One-Time Password');
    const otp = screen.getByLabelText('One-time code');
    fireEvent.change(otp, { target: { value: '12345' } });
    await submit();
    expect(calls.filter((c) => c.url.includes('authenticate')).at(-1)!.body.otp).toBeUndefined();
    fireEvent.change(screen.getByLabelText('One-time code'), { target: { value: '123456' } });
    await submit();
    expect(calls.filter((c) => c.url.includes('authenticate')).at(-1)!.body.otp).toBe('123456');
  });

  it('113 (HTTP 200 with an error) goes to /setup-2fa', async () => {
    handler = () => ({
      status: 200,
      body: { data: { user: { id: '7' } }, error: { code: 113, message: '2FA enforced' }, public: true },
    });
    const location = renderLogin();
    await submit();
    await waitFor(() => expect(location.history.at(-1)).toBe('/setup-2fa'));
  });

  it('no code (network failure): errors.-1 in danger style', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderLogin();
    await submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("Couldn't Reach API");
    expect(alert.className).toContain('notice--danger');
  });

  it('shows the error query parameter, then removes it', async () => {
    handler = () => ({ status: 200, body: {} });
    const location = renderLogin('/login?error=1&code=103&redirect=%2Fdemo%2Ffiles');
    expect((await screen.findByRole('alert')).textContent).toBe('User Suspended');
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?redirect=%2Fdemo%2Ffiles'));
  });

  it('shows a failed project and the notice when there are no public projects', () => {
    renderLogin(
      '/login',
      store({
        projects: {
          demo: {
            key: 'demo',
            status: 'failed',
            data: null,
            error: { code: 11, message: 'Can Not Reach Database' },
          },
        },
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain('Can Not Reach Database');
    cleanup();
    renderLogin('/login', store({ keys: [], projects: {}, current: null }));
    expect(screen.getByRole('status').textContent).toContain('no public projects');
  });

  it('offers a project chooser only with more than one project, marking signed-in ones', () => {
    renderLogin();
    expect(screen.queryByLabelText('Project')).toBeNull();
    cleanup();
    renderLogin(
      '/login',
      store({
        keys: ['demo', 'other'],
        projects: {
          demo: {
            key: 'demo',
            status: 'successful',
            data: { project_name: 'Demo', authenticated: false },
            error: null,
          },
          other: { key: 'other', status: 'failed', data: null, error: { code: 11, message: 'x' } },
        },
      }),
    );
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Demo', 'other']);
  });
});

describe('one-time-code input', () => {
  it('masks ###-### and emits only empty or six digits', () => {
    const onChange = vi.fn();
    render(<OtpInput id="otp" label="Code" onChange={onChange} />);
    const input = screen.getByLabelText('Code') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a34' } });
    expect(input.value).toBe('123-4');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '123-4567' } });
    expect(input.value).toBe('123-456');
    expect(onChange).toHaveBeenLastCalledWith('123456');
    fireEvent.change(input, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
