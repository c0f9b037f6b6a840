// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, textDirection, useLocale } from './index';

function Switch() {
  const { setLocale } = useLocale();
  return <button onClick={() => setLocale('en-US')}>en</button>;
}

describe('text direction follows the locale in effect', () => {
  it('knows the right-to-left languages', () => {
    for (const tag of ['ar-SA', 'he-IL', 'fa-IR', 'ur-PK', 'ar', 'he'])
      expect(textDirection(tag)).toBe('rtl');
    for (const tag of ['en-US', 'fr-FR', 'ja-JP', 'tr-TR', 'ru-RU']) expect(textDirection(tag)).toBe('ltr');
  });

  it('falls back to the list when the tag cannot be parsed', () => {
    expect(textDirection('ar_SA')).toBe('rtl');
    expect(textDirection('not a locale')).toBe('ltr');
  });

  it('sets dir and lang on <html> and resets them when the locale changes back', async () => {
    render(
      <I18nProvider initialLocale="ar-SA">
        <Switch />
      </I18nProvider>,
    );
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'), { timeout: 15000 });
    expect(document.documentElement.lang).toBe('ar-SA');
    act(() => screen.getByRole('button').click());
    await waitFor(() => expect(document.documentElement.dir).toBe('ltr'));
    expect(document.documentElement.lang).toBe('en-US');
  });
});
