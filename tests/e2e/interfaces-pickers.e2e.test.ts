import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, EDITOR, checkA11y, openApp, routeOf, signIn, startApp, type E2eApp, api } from './helpers';

type Item = Record<string, any>;

async function signedIn(
  app: E2eApp,
  viewport?: { width: number; height: number },
  who: { email: string; password: string } = ADMIN,
): Promise<Page> {
  const page = await app.newPage(viewport);
  await openApp(page, '/login');
  await signIn(page, who.email, who.password);
  await page.waitForSelector('.module-bar');
  return page;
}

const field = (page: Page, name: string) => page.locator(`.octavo-field[data-field="${name}"]`);

/** One field per interface of the pickers family. */
const FIELDS = [
  { field: 'location', type: 'json', datatype: 'TEXT', interface: 'map' },
  {
    field: 'tint',
    type: 'string',
    datatype: 'VARCHAR',
    length: 20,
    interface: 'color',
    options: { format: 'rgb' },
  },
  { field: 'accent', type: 'string', datatype: 'VARCHAR', length: 20, interface: 'color-palette' },
  { field: 'glyph', type: 'string', datatype: 'VARCHAR', length: 20, interface: 'icon' },
  { field: 'stars', type: 'integer', datatype: 'INT', interface: 'rating' },
  { field: 'volume', type: 'integer', datatype: 'INT', interface: 'slider', options: { unit: '%' } },
  {
    field: 'liked',
    type: 'boolean',
    datatype: 'TINYINT',
    interface: 'toggle-icon',
    options: { textActive: 'Loved' },
  },
  {
    field: 'size',
    type: 'string',
    datatype: 'VARCHAR',
    length: 255,
    interface: 'button-group',
    options: {
      choices: [
        { label: 'Small', value: 's' },
        { label: 'Medium', value: 'm' },
        { label: 'Large', value: 'l' },
      ],
    },
  },
  { field: 'due', type: 'date', datatype: 'DATE', interface: 'calendar' },
  {
    field: 'kinds',
    type: 'array',
    datatype: 'VARCHAR',
    length: 100,
    interface: 'multiselect',
    options: { choices: { alpha: 'Alpha', beta: 'Beta', gamma: 'Gamma' } },
  },
  { field: 'bytes', type: 'integer', datatype: 'INT', interface: 'file-size' },
  { field: 'lang', type: 'string', datatype: 'VARCHAR', length: 10, interface: 'language' },
];

let app: E2eApp;
let page: Page;

beforeAll(async () => {
  app = await startApp();
  const setup = await signedIn(app);
  const created = await api(setup, 'POST', 'collections', { collection: 'showcase', fields: FIELDS });
  expect(created.status, JSON.stringify(created.error)).toBe(200);
  // The demo's Editor role (3) may create and change items of the collection.
  const granted = await api(setup, 'POST', 'permissions', {
    collection: 'showcase',
    role: 3,
    create: 'full',
    read: 'full',
    update: 'full',
  });
  expect(granted.status, JSON.stringify(granted.error)).toBe(200);
  await setup.context().close();
  // A fresh session hydrates the new collection.
  page = await signedIn(app);
  // No tile server is reachable from the tests; make that certain whatever the network.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
});
afterAll(async () => {
  await app?.close();
});

describe('the pickers family', () => {
  it('serves the app with a CSP that allows the configured tile host and no other map host', async () => {
    const csp = await page.evaluate(async () =>
      (await fetch('/admin/')).headers.get('content-security-policy'),
    );
    const imgSrc = csp!.split('; ').find((d) => d.startsWith('img-src '));
    // Beside the tiles, only the video stills of embedded files (the file detail's YouTube embeds).
    expect(imgSrc).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org https://i.ytimg.com");
  });

  it('edits every picker by keyboard and mouse, saves, and the API returns typed values', async () => {
    await openApp(page, '/test/collections/showcase/+');
    await page.waitForSelector('.item-page .octavo-form');

    // map: the tiles fail, so the coordinates are the way in.
    const map = field(page, 'location');
    await map.getByText('The map could not be loaded').waitFor();
    expect(await map.locator('.leaflet-container').count()).toBe(0);
    await map.getByLabel('Latitude').pressSequentially('51.5');
    await map.getByLabel('Longitude').pressSequentially('-0.1275');

    // color (stored as rgb): a swatch by mouse, the next one by arrow key, the picker opens and closes.
    const tint = field(page, 'tint');
    await tint.getByRole('button', { name: 'Open the color picker' }).click();
    await tint.getByRole('dialog', { name: 'Color picker' }).waitFor();
    await page.keyboard.press('Escape');
    await tint.locator('[role="dialog"]').waitFor({ state: 'detached' });
    await tint.getByRole('radio', { name: '#4CAF50' }).click();
    await page.keyboard.press('ArrowRight');
    await tint.locator('input[type="text"]').waitFor();
    expect(await tint.locator('input[type="text"]').inputValue()).toBe('rgb(0, 188, 212)');

    // color-palette: click Green, arrow to Cyan.
    const accent = field(page, 'accent');
    await accent.getByRole('radio', { name: 'Green' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await accent.getByRole('radio', { name: 'Cyan' }).getAttribute('aria-checked')).toBe('true');

    // icon: search, into the grid, choose.
    const glyph = field(page, 'glyph');
    await glyph.getByRole('searchbox').pressSequentially('rocket');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await glyph.locator('.pickers-icon__current code', { hasText: 'rocket' }).waitFor();

    // rating: three stars by mouse, one more by keyboard.
    const stars = field(page, 'stars');
    await stars.getByRole('radio', { name: '3 stars' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await stars.getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked')).toBe('true');

    // slider: End, then back five steps.
    const volume = field(page, 'volume');
    await volume.getByRole('slider').focus();
    await page.keyboard.press('End');
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await volume.getByText('95 %').waitFor();

    // toggle-icon: a click.
    const liked = field(page, 'liked');
    await liked.getByRole('button', { name: 'Liked', exact: true }).click();
    await liked.getByText('Loved').waitFor();

    // button-group: Medium by mouse, Large by arrow.
    const size = field(page, 'size');
    await size.getByRole('radio', { name: 'Medium' }).click();
    await page.keyboard.press('ArrowRight');
    expect(await size.getByRole('radio', { name: 'Large' }).getAttribute('aria-checked')).toBe('true');

    // calendar: the 15th by mouse, a day on with the arrow, a month on with PageDown, Enter.
    const due = field(page, 'due');
    const fifteenth = due.locator('button[data-day$="-15"]').first();
    const month = (await fifteenth.getAttribute('data-day'))!.slice(0, 7);
    await fifteenth.click();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('PageDown');
    await page.keyboard.press('Enter');
    const [year, mm] = month.split('-').map(Number);
    const next = mm === 12 ? `${year + 1}-01` : `${year}-${String(mm + 1).padStart(2, '0')}`;
    const expectedDue = `${next}-16`;
    await due.locator(`td[aria-selected="true"] button[data-day="${expectedDue}"]`).waitFor();

    // multiselect: Beta by mouse, Gamma by keyboard.
    const kinds = field(page, 'kinds');
    await kinds.getByRole('option', { name: 'Beta' }).click();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    await kinds.getByText('2 selected').waitFor();

    // file-size: a human size.
    const bytes = field(page, 'bytes');
    await bytes.locator('input').fill('2 MB');
    await page.keyboard.press('Enter');
    await bytes.getByText('2,000,000 bytes').waitFor();

    // language: type, Enter.
    const lang = field(page, 'lang');
    await lang.getByRole('combobox').pressSequentially('french');
    await lang
      .getByRole('option', { name: /^French/ })
      .first()
      .waitFor();
    await page.keyboard.press('Enter');
    expect(await lang.getByRole('combobox').inputValue()).toBe('French (fr)');

    expect(await checkA11y(page)).toEqual([]);

    await page.click('button[aria-label="More save options"]');
    await page.click('[role="menuitem"]:has-text("Save and stay")');
    await page.waitForFunction(() => /#\/test\/collections\/showcase\/\d+$/.test(location.hash));
    const id = routeOf(page).split('/').pop();
    const saved = (await api<Item>(page, 'GET', `items/showcase/${id}`)).data;
    expect(saved).toMatchObject({
      location: { lat: 51.5, lng: -0.1275 },
      tint: 'rgb(0, 188, 212)',
      accent: 'cyan',
      glyph: 'rocket',
      stars: 4,
      volume: 95,
      size: 'l',
      due: expectedDue,
      kinds: ['beta', 'gamma'],
      bytes: 2_000_000,
      lang: 'fr',
    });
    expect(saved.liked === true || saved.liked === 1).toBe(true);
    expect(typeof saved.location).toBe('object');

    // Reloaded, the form shows the stored values again.
    await page.reload();
    await page.waitForSelector('.item-page .octavo-form');
    expect(await field(page, 'location').getByLabel('Latitude').inputValue()).toBe('51.5');
    expect(
      await field(page, 'stars').getByRole('radio', { name: '4 stars' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await field(page, 'bytes').locator('input').inputValue()).toBe('2 MB');
    expect(await checkA11y(page)).toEqual([]);
  });

  it('with tiles, a click on the map places the pin and fills the coordinates', async () => {
    const withTiles = await signedIn(app);
    // A one-pixel tile stands in for the tile server (the CSP allows its host).
    const tile = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGM4cW0fAATGAl1ReZEkAAAAAElFTkSuQmCC',
      'base64',
    );
    await withTiles.route('https://tile.openstreetmap.org/**', (route) =>
      route.fulfill({ status: 200, contentType: 'image/png', body: tile }),
    );
    await openApp(withTiles, '/test/collections/showcase/+');
    const map = field(withTiles, 'location');
    const canvas = map.locator('.leaflet-container');
    await canvas.waitFor();
    await map.locator('.leaflet-tile-loaded').first().waitFor();
    expect(await map.locator('.pickers-map__pin').count()).toBe(0);
    const box = (await canvas.boundingBox())!;
    await withTiles.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await map.locator('.pickers-map__pin').waitFor();
    // The map opens on the spec's default centre (40.72803624, -73.94896388).
    expect(Number(await map.getByLabel('Latitude').inputValue())).toBeCloseTo(40.728, 2);
    expect(Number(await map.getByLabel('Longitude').inputValue())).toBeCloseTo(-73.949, 2);
    expect(await map.getByText('OpenStreetMap contributors').count()).toBe(1);
    // Keyboard: arrows pan the focused map, Enter moves the pin to the new centre.
    const before = Number(await map.getByLabel('Longitude').inputValue());
    await canvas.focus();
    await withTiles.keyboard.press('ArrowRight');
    await withTiles.keyboard.press('Enter');
    await withTiles.waitForFunction(
      (old) =>
        Number(
          (document.querySelector('[data-field="location"] input[id$="-lng"]') as HTMLInputElement).value,
        ) > old,
      before,
    );
    expect(await checkA11y(withTiles)).toEqual([]);
    await map.getByRole('button', { name: 'Clear coordinates' }).click();
    await map.locator('.pickers-map__pin').waitFor({ state: 'detached' });
    expect(await map.getByLabel('Latitude').inputValue()).toBe('');
    await withTiles.context().close();
  });

  it('shows each value with its display in the listing', async () => {
    await openApp(page, '/test/collections/showcase');
    await page.waitForSelector('.listing [data-state]');
    // The tabular layout shows the first fields: the map's coordinates and the colour.
    await page.getByText('51.5, -0.1275').first().waitFor();
  });
  it('the editor changes a rating, a palette colour and a slider and saves them', async () => {
    const item = (await api<Item>(page, 'POST', 'items/showcase', { stars: 1, volume: 10 })).data;
    const editor = await signedIn(app, undefined, EDITOR);
    await openApp(editor, `/test/collections/showcase/${item.id}`);
    await editor.waitForSelector('.item-page .octavo-form');
    await field(editor, 'stars').getByRole('radio', { name: '5 stars' }).click();
    await field(editor, 'accent').getByRole('radio', { name: 'Green' }).click();
    const volume = field(editor, 'volume');
    await volume.getByRole('slider').focus();
    await editor.keyboard.press('ArrowRight');
    await volume.getByText('11 %').waitFor();
    expect(await checkA11y(editor)).toEqual([]);
    await editor.click('button[aria-label="More save options"]');
    await editor.click('[role="menuitem"]:has-text("Save and stay")');
    await expect
      .poll(async () => (await api<Item>(editor, 'GET', `items/showcase/${item.id}`)).data)
      .toMatchObject({ stars: 5, accent: 'green', volume: 11 });
    await editor.context().close();
  });
});
