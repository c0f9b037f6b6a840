// @vitest-environment jsdom
import { INFO_AUTO_OPEN_WIDTH, infoOpenOn, infoPreferenceKey, rememberInfoToggle } from './info-preference';

const ITEM = '/demo/collections/articles/1';
const key = infoPreferenceKey('demo', 1);

function widthIs(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

afterEach(() => window.localStorage.clear());

describe('info sidebar preference', () => {
  it('opens on item pages above 1235 px only', () => {
    expect(INFO_AUTO_OPEN_WIDTH).toBe(1235);
    widthIs(1440);
    expect(infoOpenOn(ITEM, key)).toBe(true);
    expect(infoOpenOn('/demo/collections/articles', key)).toBe(false);
    widthIs(1235);
    expect(infoOpenOn(ITEM, key)).toBe(false);
  });

  it('remembers a manual toggle on a wide item page, per user', () => {
    widthIs(1440);
    rememberInfoToggle(ITEM, key, false);
    expect(infoOpenOn(ITEM, key)).toBe(false);
    expect(infoOpenOn(ITEM, infoPreferenceKey('demo', 2))).toBe(true);
    rememberInfoToggle(ITEM, key, true);
    expect(infoOpenOn(ITEM, key)).toBe(true);
    // A toggle in a narrow window or on another page is not a preference for item pages.
    widthIs(1000);
    rememberInfoToggle(ITEM, key, false);
    rememberInfoToggle('/demo/collections/articles', key, false);
    widthIs(1440);
    expect(infoOpenOn(ITEM, key)).toBe(true);
  });
});
