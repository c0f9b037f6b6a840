import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ensureAppBuilt } from '../../server/app-build';
import { seedDemo, DEMO_EDITOR_EMAIL } from '../../server/database/demo';
import type { ServerConfig, Vendor } from '../../server/config';
import { ADMIN, SUPER_ADMIN_TOKEN, startTestServer, type TestServer } from '../helpers/server';

export { ADMIN, SUPER_ADMIN_TOKEN };
export const EDITOR = { email: DEMO_EDITOR_EMAIL, password: 'editor password for e2e' };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let build: Promise<unknown> | null = null;

/** Builds the app once per run, and only when dist/app is missing or older than its sources. */
export function buildAppOnce(): Promise<unknown> {
  build ??= ensureAppBuilt(() => {});
  return build;
}

export interface E2eApp {
  server: TestServer;
  /** The API root, e.g. http://127.0.0.1:41234/ */
  url: string;
  browser: Browser;
  /** A page in a fresh browser context; `locale` sets the browser's language (navigator.language). */
  newPage(viewport?: { width: number; height: number }, options?: { locale?: string }): Promise<Page>;
  close(): Promise<void>;
}

const baseUrls = new WeakMap<Page, string>();

/**
 * A real server on a fresh SQLite database (project `test` seeded with the demo content unless
 * `install: false` gives a server without any project), the built app, and a headless Chromium.
 */
export async function startApp(
  options: {
    install?: boolean;
    demo?: boolean;
    /** A folder copied to the data folder's `extensions/` (custom interfaces, layouts, modules). */
    extensions?: string;
    /** The database vendor (default SQLite); MariaDB and PostgreSQL need their test servers. */
    vendor?: Vendor;
    /**
     * Instance settings of the server (e.g. a small `maxUploadSize`, an `importAllowList`, `mail`
     * with a local SMTP server from tests/helpers/smtp.ts).
     */
    config?: Partial<ServerConfig>;
  } = {},
): Promise<E2eApp> {
  await buildAppOnce();
  const server = await startTestServer(options.vendor ?? 'sqlite', {
    listen: true,
    install: options.install !== false,
    // Webhook receivers of the tests (settings-helpers.ts startReceiver) listen on loopback.
    config: { webhookAllow: ['127.0.0.1'], ...options.config },
  });
  if (options.extensions) {
    const { cpSync } = await import('node:fs');
    cpSync(options.extensions, join(server.config.dataDir, 'extensions'), { recursive: true });
  }
  if (options.install !== false && options.demo !== false) {
    await seedDemo(server.project.knex, { editorPassword: EDITOR.password });
  }
  const url = `http://127.0.0.1:${server.config.port}/`;
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    server,
    url,
    browser,
    async newPage(viewport = { width: 1400, height: 900 }, options = {}) {
      const context = await browser.newContext({
        viewport,
        ...(options.locale ? { locale: options.locale } : {}),
      });
      const page = await context.newPage();
      baseUrls.set(page, url);
      return page;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Opens the app at a hash route, e.g. openApp(page, '/login'). */
export async function openApp(page: Page, path: string): Promise<void> {
  const base = baseUrls.get(page);
  if (!base) throw new Error('openApp: the page was not made by startApp().newPage()');
  await page.goto(`${base}admin/#${path}`);
}

/** Fills and submits the sign-in form of the current project (the page must show /login). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.waitForSelector('#login-email');
  await page.fill('#login-email', email);
  await page.fill('#login-password', password);
  await page.click('form button[type=submit]');
}

/** The current hash route, e.g. '/test/collections'. */
export function routeOf(page: Page): string {
  return decodeURIComponent(new URL(page.url()).hash.replace(/^#/, ''));
}

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page and returns its serious and critical violations. The script goes in through
 * `page.evaluate` of its source: the app's content security policy forbids inline and foreign scripts, and
 * Playwright's evaluation is not subject to it.
 */
export async function checkA11y(page: Page): Promise<A11yViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) {
    const { readFile } = await import('node:fs/promises');
    const { createRequire } = await import('node:module');
    const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    await page.evaluate(source);
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as any[])
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id as string,
        impact: v.impact as string | null,
        help: v.help as string,
        targets: (v.nodes as any[]).map((n) => String(n.target)),
      }));
  });
}

export interface PageApiAnswer<T> {
  status: number;
  data: T;
  error?: { code: number; message: string };
}

/** Calls the project's API from inside the page, with the app's cookie session (`path` is under /test/). */
export async function api<T = any>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<PageApiAnswer<T>> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: body ? { 'Content-Type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      const json = text ? JSON.parse(text) : {};
      return { status: response.status, data: json.data, error: json.error };
    },
    { method, url: `/test/${path}`, body },
  );
}

/** A new page signed in as `email`, once the app's module bar shows. */
export async function signedIn(app: E2eApp, email: string, password: string): Promise<Page> {
  const page = await app.newPage();
  await openApp(page, '/login');
  await signIn(page, email, password);
  await page.waitForSelector('.module-bar');
  return page;
}
