import { describe, expect, it } from 'vitest';
import { apiRootFrom, serializeParams, toApiError } from './client';

describe('api client', () => {
  it('derives the API root from the page path', () => {
    expect(apiRootFrom('/admin/')).toBe('/');
    expect(apiRootFrom('/x/admin/')).toBe('/x/');
    expect(apiRootFrom('/a/b/admin/index.html')).toBe('/a/b/');
  });

  it('serializes params in PHP bracket form', () => {
    expect(
      decodeURIComponent(
        serializeParams({ fields: ['id', 'role.*'], filter: { title: { null: 1 } }, limit: -1 }),
      ),
    ).toBe('fields[0]=id&fields[1]=role.*&filter[title][null]=1&limit=-1');
  });

  it('reads the v8 error envelope, and -1 without one', () => {
    const error = toApiError({
      status: 404,
      data: { error: { code: 100, message: 'Invalid user credentials' } },
    });
    expect([error.code, error.status, error.message]).toEqual([100, 404, 'Invalid user credentials']);
    expect(toApiError(new TypeError('Failed to fetch')).code).toBe(-1);
    expect(toApiError({ status: 502, data: '<html>' }).code).toBe(-1);
  });
});
