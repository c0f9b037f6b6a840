import { addMonths, firstDayOfWeek, formatDay, monthGrid, parseDay } from './calendar-dates';
import { convertColor, parseColor, readableOn } from './color-format';
import { formatBytes, parseBytes } from './file-size';
import { iconNames, searchIcons } from './icon-names';
import { APP_LOCALES, languageChoices, languageName } from './languages';
import { roundLatLng, toLatLng } from './map-value';
import { symbolOf } from './values';

describe('colour formats', () => {
  it('stores a colour in the chosen format, from any of the three', () => {
    expect(convertColor('#e91e63', 'hex')).toBe('#E91E63');
    expect(convertColor('#E91E63', 'rgb')).toBe('rgb(233, 30, 99)');
    expect(convertColor('#E91E63', 'hsl')).toBe('hsl(340, 82%, 52%)');
    expect(convertColor('rgb(233, 30, 99)', 'hex')).toBe('#E91E63');
    expect(convertColor('hsl(340, 82%, 52%)', 'hex')).toBe('#E92063');
    expect(convertColor('#fff', 'rgb')).toBe('rgb(255, 255, 255)');
  });
  it('rejects what is not a colour', () => {
    expect(parseColor('tomato soup')).toBeNull();
    expect(parseColor('rgb(300, 0, 0)')).toBeNull();
    expect(convertColor('', 'hex')).toBeNull();
  });
  it('picks readable text for a swatch', () => {
    expect(readableOn('#FFEB3B')).toBe('#000000');
    expect(readableOn('#3F51B5')).toBe('#FFFFFF');
  });
});

describe('file sizes', () => {
  it('formats decimal and binary units', () => {
    expect(formatBytes(0, true, 'en-US')).toBe('0 B');
    expect(formatBytes(2_400_000, true, 'en-US')).toBe('2.4 MB');
    expect(formatBytes(1536, false, 'en-US')).toBe('1.5 KiB');
    expect(formatBytes(999, true, 'en-US')).toBe('999 B');
  });
  it('reads what people type', () => {
    expect(parseBytes('2 MB')).toBe(2_000_000);
    expect(parseBytes('2 MB', false)).toBe(2 * 1024 * 1024);
    expect(parseBytes('512 KiB')).toBe(524_288);
    expect(parseBytes('1.5GB')).toBe(1_500_000_000);
    expect(parseBytes('2048')).toBe(2048);
    expect(parseBytes('12 bytes')).toBe(12);
    expect(parseBytes('2,5 kB')).toBe(2500);
    expect(parseBytes('lots')).toBeNull();
    expect(parseBytes('2 MiX')).toBeNull();
  });
});

describe('calendar dates', () => {
  it('parses only real dates', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 1, day: 29 });
    expect(parseDay('2023-02-29')).toBeNull();
    expect(parseDay(20240101)).toBeNull();
  });
  it('keeps month arithmetic inside the month', () => {
    expect(formatDay(addMonths({ year: 2024, month: 0, day: 31 }, 1))).toBe('2024-02-29');
    expect(formatDay(addMonths({ year: 2024, month: 0, day: 15 }, -1))).toBe('2023-12-15');
  });
  it('lays weeks out from the locale first day', () => {
    // March 2024 starts on a Friday.
    const monday = monthGrid(2024, 2, 1);
    expect(formatDay(monday[0][0])).toBe('2024-02-26');
    expect(monday.length).toBe(5);
    const sunday = monthGrid(2024, 2, 7);
    expect(formatDay(sunday[0][0])).toBe('2024-02-25');
    expect(sunday.at(-1)!.some((day) => formatDay(day) === '2024-03-31')).toBe(true);
  });
  it('knows where weeks start', () => {
    expect(firstDayOfWeek('en-US')).toBe(7);
    expect(firstDayOfWeek('de-DE')).toBe(1);
  });
});

describe('icon names', () => {
  it('come from the Material Symbols package, all of them', () => {
    const names = iconNames();
    expect(names.length).toBeGreaterThan(3000);
    expect(names).toContain('favorite');
    expect(names).toContain('123');
  });
  it('are searched word by word, the exact name first', () => {
    const found = searchIcons('star');
    expect(found[0]).toBe('star');
    expect(searchIcons('arrow back').every((name) => name.includes('arrow') && name.includes('back'))).toBe(
      true,
    );
    expect(searchIcons('zzzznothing')).toEqual([]);
  });
  it('draw Material Icons outline names unfilled', () => {
    expect(symbolOf('favorite_border')).toEqual({ name: 'favorite', filled: false });
    expect(symbolOf('favorite', true)).toEqual({ name: 'favorite', filled: true });
  });
});

describe('languages', () => {
  it('are named by Intl, limited to the app locales on request', () => {
    expect(languageName('de', 'en')).toBe('German');
    const limited = languageChoices(true, 'en');
    expect(limited.map((choice) => choice.code).sort()).toEqual([...APP_LOCALES].sort());
    const all = languageChoices(false, 'en');
    expect(all.length).toBeGreaterThan(100);
    expect(all.find((choice) => choice.code === 'fr')?.name).toBe('French');
  });
});

describe('map values', () => {
  it('read objects and JSON text', () => {
    expect(toLatLng({ lat: 1.5, lng: 2 })).toEqual({ lat: 1.5, lng: 2 });
    expect(toLatLng('{"lat":1,"lng":2}')).toEqual({ lat: 1, lng: 2 });
    expect(toLatLng({ lat: null, lng: 2 })).toBeNull();
    expect(toLatLng('nope')).toBeNull();
  });
  it('round to eight decimals and wrap longitudes', () => {
    expect(roundLatLng(40.123456789, -73.987654321)).toEqual({ lat: 40.12345679, lng: -73.98765432 });
    expect(roundLatLng(10, 190).lng).toBe(-170);
  });
});
