import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { SchemaCache } from './cache';
import type { SchemaModel } from './types';

describe('SchemaCache', () => {
  const project = { key: 'p', knex: {} as Knex, vendor: 'sqlite' as const };

  it('loads once per version and reloads after invalidate', async () => {
    let loads = 0;
    const cache = new SchemaCache(async (_knex, vendor, version = 1) => {
      loads++;
      return { vendor, version, collections: new Map(), relations: [] } as SchemaModel;
    });
    const [a, b] = await Promise.all([cache.get(project), cache.get(project)]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    cache.invalidate('p');
    const c = await cache.get(project);
    expect(c.version).toBe(2);
    expect(loads).toBe(2);
    expect(cache.version('other')).toBe(1);
  });

  it('does not keep a failed load', async () => {
    let fail = true;
    const cache = new SchemaCache(async (_knex, vendor, version = 1) => {
      if (fail) throw new Error('down');
      return { vendor, version, collections: new Map(), relations: [] } as SchemaModel;
    });
    await expect(cache.get(project)).rejects.toThrow('down');
    fail = false;
    await expect(cache.get(project)).resolves.toMatchObject({ version: 1 });
  });

  it("does not hand one database's model to another project opened under the same key", async () => {
    const cache = new SchemaCache(async (_knex, vendor, version = 1) => {
      return { vendor, version, collections: new Map(), relations: [] } as SchemaModel;
    });
    const first = await cache.get(project);
    const reopened = { key: 'p', knex: {} as Knex, vendor: 'postgres' as const };
    const second = await cache.get(reopened);
    expect(second).not.toBe(first);
    expect(second.vendor).toBe('postgres');
  });
});
