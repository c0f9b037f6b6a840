// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dayIn,
  formatDateValue,
  formatNumberValue,
  instantInZone,
  instantOf,
  offsetMinutes,
  resolveTimeZone,
  wallTimeIn,
} from './format';
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
      <EngineLocaleContext.Provider value={{ locale: 'de-DE' }}>
        <Display value="2024-08-21 18:30:00" kind="datetime" />
      </EngineLocaleContext.Provider>,
    );
    expect(screen.getByText(/^21\.0?8\.2024, 18:30:00$/)).toBeTruthy();
  });

  it('writes en-US as before', () => {
    render(
      <EngineLocaleContext.Provider value={{ locale: 'en-US' }}>
        <Display value="2024-08-21 18:30:00" kind="datetime" />
      </EngineLocaleContext.Provider>,
    );
    expect(screen.getByText('8/21/2024, 6:30:00 PM')).toBeTruthy();
  });
});

describe('time zones', () => {
  const created = '2024-08-21T16:30:00+00:00';

  it('writes an instant in the reader’s zone: the same UTC moment in Berlin and New York', () => {
    expect(formatDateValue(created, 'datetime', 'de-DE', 'Europe/Berlin')).toMatch(
      /^21\.0?8\.2024, 18:30:00$/,
    );
    expect(formatDateValue(created, 'datetime', 'de-DE', 'America/New_York')).toMatch(
      /^21\.0?8\.2024, 12:30:00$/,
    );
    expect(formatDateValue(created, 'datetime', 'en-US', 'America/New_York')).toBe('8/21/2024, 12:30:00 PM');
    // Late in the evening in New York is already the next day in Berlin.
    expect(formatDateValue('2024-08-22T02:15:00Z', 'datetime', 'en-US', 'America/New_York')).toBe(
      '8/21/2024, 10:15:00 PM',
    );
  });

  it('follows daylight saving time: the offset of the date, not of today', () => {
    expect(formatDateValue('2024-01-15T12:00:00Z', 'datetime', 'de-DE', 'Europe/Berlin')).toMatch(
      /13:00:00$/,
    );
    expect(formatDateValue('2024-07-15T12:00:00Z', 'datetime', 'de-DE', 'Europe/Berlin')).toMatch(
      /14:00:00$/,
    );
    expect(formatDateValue('2024-03-10T06:59:00Z', 'datetime', 'en-US', 'America/New_York')).toMatch(
      /1:59:00 AM$/,
    );
    expect(formatDateValue('2024-03-10T07:00:00Z', 'datetime', 'en-US', 'America/New_York')).toMatch(
      /3:00:00 AM$/,
    );
    expect(offsetMinutes(new Date('2024-01-15T12:00:00Z'), 'Europe/Berlin')).toBe(60);
    expect(offsetMinutes(new Date('2024-07-15T12:00:00Z'), 'Europe/Berlin')).toBe(120);
    expect(offsetMinutes(new Date('2024-07-15T12:00:00Z'), 'America/New_York')).toBe(-240);
  });

  it('shows a plain datetime, a date and a time as written, whatever the zone', () => {
    for (const zone of ['Europe/Berlin', 'America/New_York', 'Pacific/Auckland']) {
      expect(formatDateValue('2024-08-21 18:30:00', 'datetime', 'en-US', zone)).toBe('8/21/2024, 6:30:00 PM');
      expect(formatDateValue('2024-08-21', 'date', 'en-US', zone)).toBe('8/21/2024');
      expect(formatDateValue('18:30:00', 'time', 'de-DE', zone)).toBe('18:30');
    }
  });

  it('reads v8 zone ids that are no IANA zone, and ignores unknown ones', () => {
    expect(resolveTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(resolveTimeZone('Asia/Mumbai')).toBe('Asia/Kolkata');
    expect(resolveTimeZone('Pacific/Wellington')).toBe('Pacific/Auckland');
    expect(resolveTimeZone('US/Eastern')).toBe('US/Eastern');
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(resolveTimeZone('')).toBeUndefined();
    expect(resolveTimeZone(null)).toBeUndefined();
    expect(formatDateValue(created, 'datetime', 'en-US', 'Asia/Mumbai')).toBe('8/21/2024, 10:00:00 PM');
    // An unknown zone writes the browser's time rather than failing.
    expect(formatDateValue(created, 'datetime', 'en-US', 'Mars/Olympus_Mons')).toBe(
      formatDateValue(created, 'datetime', 'en-US'),
    );
  });

  it('reads instants: offsets as given, plain timestamps as UTC only when asked', () => {
    expect(instantOf(created)?.toISOString()).toBe('2024-08-21T16:30:00.000Z');
    expect(instantOf('2024-08-21 16:30:00')).toBeNull();
    expect(instantOf('2024-08-21 16:30:00', true)?.toISOString()).toBe('2024-08-21T16:30:00.000Z');
    expect(instantOf('soon', true)).toBeNull();
  });

  it('turns instants into wall-clock times and days of a zone, and back', () => {
    const instant = new Date('2024-08-21T22:30:00Z');
    expect(wallTimeIn(instant, 'Europe/Berlin')).toBe('2024-08-22 00:30:00');
    expect(wallTimeIn(instant, 'America/New_York')).toBe('2024-08-21 18:30:00');
    expect(dayIn(instant, 'Europe/Berlin')).toBe('2024-08-22');
    expect(dayIn(instant, 'America/New_York')).toBe('2024-08-21');
    expect(instantInZone('2024-08-22 00:30:00', 'Europe/Berlin')?.toISOString()).toBe(instant.toISOString());
    expect(instantInZone('2024-08-21 18:30', 'America/New_York')?.toISOString()).toBe(instant.toISOString());
    // Spring forward: 02:30 does not exist in Berlin on 31 March 2024; it moves on by the hour skipped.
    expect(instantInZone('2024-03-31 02:30:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2024-03-31T01:30:00.000Z',
    );
    // Fall back: 02:30 happens twice on 27 October 2024; the first (summer time) is taken.
    expect(instantInZone('2024-10-27 02:30:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2024-10-27T00:30:00.000Z',
    );
    expect(instantInZone('not a time', 'Europe/Berlin')).toBeNull();
  });
});

describe('the datetime display in a time zone', () => {
  const Display = coreDisplays.datetime;

  it('writes a created-on instant in the context’s zone and a plain datetime as written', () => {
    render(
      <EngineLocaleContext.Provider value={{ locale: 'en-US', timeZone: 'America/New_York' }}>
        <Display value="2024-08-21T16:30:00+00:00" kind="datetime" />
        <Display value="2024-08-21 16:30:00" kind="datetime" />
      </EngineLocaleContext.Provider>,
    );
    expect(screen.getByText('8/21/2024, 12:30:00 PM')).toBeTruthy();
    expect(screen.getByText('8/21/2024, 4:30:00 PM')).toBeTruthy();
  });
});
