import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../api/client';
import { catalogueEntry, describeError } from './errors';
import { errorsByCode } from './error-catalog';

/** A German catalogue as the de-DE files hold it (a few messages). */
const german: Record<string, string> = {
  'errors.-1': 'API nicht erreichbar',
  'errors.unknown': 'Unbekannter Fehler. Später erneut versuchen',
  'errors.INVALID_REQUEST': 'Ungültige Anfrage',
  'errors.USER_SUSPENDED': 'Benutzer gesperrt',
  'errors.USER_INACTIVE': 'Benutzer inaktiv',
  'errors.203': 'Element nicht gefunden',
};
const text = (id: string) => german[id];

describe('describeError', () => {
  it("gives the catalogue's message for the code, and the server's text when it says more", () => {
    const specific = new ApiRequestError(4, 422, 'email: must be a valid email address');
    expect(describeError(specific, text, errorsByCode)).toEqual({
      message: 'Ungültige Anfrage',
      detail: 'email: must be a valid email address',
    });
    const plain = new ApiRequestError(4, 422, 'Invalid request');
    expect(describeError(plain, text, errorsByCode)).toEqual({ message: 'Ungültige Anfrage' });
  });

  it("picks the name of a shared code by the server's default message, else the first", () => {
    expect(catalogueEntry(103, 'User is suspended', errorsByCode)?.name).toBe('USER_SUSPENDED');
    expect(catalogueEntry(103, 'User is not active', errorsByCode)?.name).toBe('USER_INACTIVE');
    expect(catalogueEntry(103, 'something else', errorsByCode)?.name).toBe('USER_INACTIVE');
    const suspended = new ApiRequestError(103, 404, 'User is suspended');
    expect(describeError(suspended, text, errorsByCode)).toEqual({ message: 'Benutzer gesperrt' });
  });

  it('words a network failure with the catalogue, keeping an HTTP status as the detail', () => {
    expect(describeError(new ApiRequestError(-1, 0, 'Network error'), text, errorsByCode)).toEqual({
      message: 'API nicht erreichbar',
    });
    expect(describeError(new ApiRequestError(-1, 502, 'HTTP 502'), text, errorsByCode)).toEqual({
      message: 'API nicht erreichbar',
      detail: 'HTTP 502',
    });
  });

  it("falls back to the app's message for the code, then the server's text, before the catalogue loads", () => {
    const missing = new ApiRequestError(203, 404, 'Item "7" not found');
    expect(describeError(missing, text, null)).toEqual({
      message: 'Element nicht gefunden',
      detail: 'Item "7" not found',
    });
    const other = new ApiRequestError(1, 404, 'Not Found');
    expect(describeError(other, text, null)).toEqual({ message: 'Not Found' });
    expect(describeError(new Error('broken'), text, errorsByCode)).toEqual({ message: 'broken' });
  });
});
