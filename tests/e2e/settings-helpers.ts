import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { checkA11y } from './helpers';

/** What the settings browser tests share: a webhook receiver, axe, hash navigation, the field wizard. */

/** A local receiver for webhook requests: it answers 200 and remembers what came. */
export async function startReceiver(path = '/hook') {
  const received: Array<{ method: string; url: string; event: string; body: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        event: String(req.headers['x-octavo-event']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** No serious or critical axe violation on the page; `where` names the screen in the failure. */
export async function expectAccessible(page: Page, where?: string) {
  expect(await checkA11y(page), where).toEqual([]);
}

/** Goes to a hash route inside the running app (no reload). */
export async function go(page: Page, path: string) {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, path);
}

/**
 * Adds a field through the designer's wizard: interface → schema (its name) → options → relation when
 * given; `check` runs axe on every step.
 */
export async function addField(
  page: Page,
  options: {
    interface: string;
    name: string;
    /** Anything to change on the schema step (datatype, length, toggles). */
    schema?: (page: Page) => Promise<void>;
    relation?: (page: Page) => Promise<void>;
    check?: boolean;
  },
) {
  await page.click('button:has-text("Add field")');
  await page.waitForSelector('[data-testid="wizard-step-interface"]');
  await page.fill('#wizard-interface-search', options.interface.replace(/-/g, ' '));
  await page.click(`button[data-interface="${options.interface}"]`);
  if (options.check) await expectAccessible(page, 'wizard: interface');
  await page.click('.octavo-modal button:has-text("Next")');
  await page.waitForSelector('[data-testid="wizard-step-schema"]');
  await page.fill('#wizard-name', options.name);
  await options.schema?.(page);
  if (options.check) await expectAccessible(page, 'wizard: schema');
  await page.click('.octavo-modal button:has-text("Next")');
  await page.waitForSelector('[data-testid="wizard-step-options"]');
  if (options.check) await expectAccessible(page, 'wizard: options');
  if (options.relation) {
    await page.click('.octavo-modal button:has-text("Next")');
    await page.waitForSelector('[data-testid="wizard-step-relation"]');
    await options.relation(page);
    if (options.check) await expectAccessible(page, 'wizard: relation');
  }
  await page.click('.octavo-modal button:has-text("Create field")');
  await page.waitForSelector(`[data-testid="designer-fields"] > li[data-field="${options.name}"]`);
  await page.waitForSelector('.octavo-modal', { state: 'detached' });
}
