// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateValue, formatNumberValue } from './format';
import { coreDisplays } from './displays/displays';
import { EngineLocaleContext } from './i18n';

afterEach(cleanup);

describe('formatDateValue', () => {
  it('writes a datetime in the locale given', () => {
    expect(formatDateValue('2024-08-21 18:30:00', 'datetime', 'en-US')).toBe('8/21/2024, 6:30:00 PM');
    expect(formatDateValue('2024-08-21 18:30:00', 'datetime', 'de-DE')).toMatch(/^21\.0?8\.2024, 18:30:00$/);
    expect(formatDateValue('2024-08-21 18:30:00', 'datetime', 'ja-JP')).toBe('2024/8/21 18:30:00');
  });

  it('writes dates and times in the locale given', () => {
    expect(formatDateValue('2024-08-21', 'date', 'en-US')).toBe('8/21/2024');
    expect(formatDateValue('2024-08-21', 'date', 'de-DE')).toMatch(/^21\.0?8\.2024$/);
    expect(formatDateValue('2024-08-21', 'date', 'ja-JP')).toBe('2024/8/21');
    expect(formatDateValue('18:30:00', 'time', 'en-US')).toBe('6:30 PM');
    expect(formatDateValue('18:30:00', 'time', 'de-DE')).toBe('18:30');
  });

  it('keeps unreadable text as it is', () => {
    expect(formatDateValue('soon', 'datetime', 'de-DE')).toBe('soon');
  });

  it('writes numbers with the locale separators', () => {
    expect(formatNumberValue(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumberValue(1234.5, 'de-DE')).toBe('1.234,5');
  });
});

describe('the datetime display', () => {
  const Display = coreDisplays.datetime;

  it('follows the locale of the engine context', () => {
    render(
      <EngineLocaleContext.Provider value="de-DE">
        <Display value="2024-08-21 18:30:00" kind="datetime" />
      </EngineLocaleContext.Provider>,
    );
    expect(screen.getByText(/^21\.0?8\.2024, 18:30:00$/)).toBeTruthy();
  });

  it('writes en-US as before', () => {
    render(
      <EngineLocaleContext.Provider value="en-US">
        <Display value="2024-08-21 18:30:00" kind="datetime" />
      </EngineLocaleContext.Provider>,
    );
    expect(screen.getByText('8/21/2024, 6:30:00 PM')).toBeTruthy();
  });
});
