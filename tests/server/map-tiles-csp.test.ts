import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/config';
import { appCsp } from '../../server/http';
import { startTestServer } from '../helpers/server';

const dataDir = join(tmpdir(), 'octavo-map-config-test');
const config = (env: Record<string, string> = {}) => loadConfig({ OCTAVO_DATA: dataDir, ...env });
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((entry) => entry.startsWith(`${name} `))
    ?.split(' ')
    .slice(1);

describe('map tile server and the app CSP', () => {
  it('defaults to OpenStreetMap, whose host alone joins img-src', () => {
    const loaded = config();
    expect(loaded.map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
    expect(directive(appCsp(loaded), 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
      'https://i.ytimg.com',
    ]);
  });

  it('names exactly the configured host, with {s} as a subdomain wildcard', () => {
    const loaded = config({
      OCTAVO_MAP_TILE_URL: 'https://{s}.tiles.example.com/light/{z}/{x}/{y}.png',
      OCTAVO_MAP_ATTRIBUTION: '© Example Maps',
    });
    expect(loaded.map.attribution).toBe('© Example Maps');
    const csp = appCsp(loaded);
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tiles.example.com',
      'https://i.ytimg.com',
    ]);
    expect(csp).not.toContain('openstreetmap');
    // The other directives stay as they were.
    expect(directive(csp, 'script-src')).toEqual(["'self'"]);
    expect(directive(csp, 'connect-src')).toEqual(["'self'"]);
    expect(directive(csp, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(csp, 'default-src')).toEqual(["'self'"]);
  });

  it('allows no tile host when maps are turned off', () => {
    const loaded = config({ OCTAVO_MAP_TILE_URL: 'none' });
    expect(loaded.map.tileUrl).toBeNull();
    expect(directive(appCsp(loaded), 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://i.ytimg.com']);
  });

  it.each(['ftp://tiles.example.com/{z}/{x}/{y}.png', 'https://{z}.example.com/{x}/{y}.png', 'tiles'])(
    'rejects %s and names the setting',
    (url) => {
      expect(() => config({ OCTAVO_MAP_TILE_URL: url })).toThrow(/OCTAVO_MAP_TILE_URL/);
    },
  );

  it('reaches signed-in callers through project info (server.map), and nobody else', async () => {
    const server = await startTestServer('sqlite', {
      config: { map: { tileUrl: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example' } },
    });
    try {
      const anonymous = await server.inject({ method: 'GET', url: '/test/' });
      expect(anonymous.json().data.server).toBeUndefined();
      const token = await server.login();
      const res = await server.inject({
        method: 'GET',
        url: '/test/',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.json().data.server.map).toEqual({
        tile_url: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
        attribution: '© Example',
      });
    } finally {
      await server.close();
    }
  });
});
