import { describe, expect, it } from 'vitest';
import { deviceName } from './user-agent';

describe('deviceName', () => {
  it('names common browsers and systems', () => {
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:120.0) Gecko/20100101 Firefox/120.0'),
    ).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(
      deviceName(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
      ),
    ).toEqual({ browser: 'Safari', system: 'macOS' });
    expect(
      deviceName(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Linux' });
    expect(deviceName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')).toEqual({
      browser: 'Safari',
      system: 'iOS',
    });
  });

  it('gives nulls for what it does not know', () => {
    expect(deviceName(null)).toEqual({ browser: null, system: null });
    expect(deviceName('SomeBot/1.0')).toEqual({ browser: null, system: null });
  });
});
