import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, validateProjectConfig, ConfigError } from '../../server/config';

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({}, { dataDir: join(tmpdir(), 'octavo-config-test') });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      publicUrl: 'http://127.0.0.1:8080/',
      maxQueryLimit: 1000,
    });
  });

  it('reads environment variables', () => {
    const config = loadConfig({
      OCTAVO_PORT: '9000',
      OCTAVO_HOST: '0.0.0.0',
      OCTAVO_PUBLIC_URL: 'https://cms.example.com',
      OCTAVO_DATA: '/tmp/x',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      publicUrl: 'https://cms.example.com/',
      dataDir: '/tmp/x',
    });
  });

  it.each([
    [{ OCTAVO_PORT: 'eighty' }, /OCTAVO_PORT: "eighty" is not a whole number/],
    [{ OCTAVO_PORT: '70000' }, /OCTAVO_PORT: 70000 is not a TCP port/],
    [{ OCTAVO_PUBLIC_URL: 'ftp://x' }, /OCTAVO_PUBLIC_URL/],
    [{ OCTAVO_ADMIN_EMAIL: 'not-an-email' }, /OCTAVO_ADMIN_EMAIL/],
    [{ OCTAVO_LOG_LEVEL: 'loud' }, /OCTAVO_LOG_LEVEL: "loud" is not one of/],
    [{ OCTAVO_TRUST_PROXY: 'maybe' }, /OCTAVO_TRUST_PROXY/],
  ])('names the wrong setting (%o)', (env, message) => {
    expect(() => loadConfig({ OCTAVO_DATA: join(tmpdir(), 'octavo-config-test'), ...env })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ OCTAVO_DATA: join(tmpdir(), 'octavo-config-test'), ...env })).toThrow(message);
  });

  it('validates project files and names the bad setting', () => {
    const good = {
      key: 'demo',
      database: { vendor: 'sqlite', filename: 'demo.sqlite' },
      auth: { secret_key: 'x'.repeat(32), public_key: 'k' },
    };
    expect(validateProjectConfig('demo.json', good).key).toBe('demo');
    expect(() => validateProjectConfig('demo.json', { ...good, database: { vendor: 'oracle' } })).toThrow(
      /demo.json: database.vendor: "oracle" is not one of/,
    );
    expect(() => validateProjectConfig('demo.json', { ...good, database: { vendor: 'mysql' } })).toThrow(
      /database.database/,
    );
    expect(() =>
      validateProjectConfig('demo.json', { ...good, auth: { secret_key: 'short', public_key: 'k' } }),
    ).toThrow(/auth.secret_key/);
    expect(() =>
      validateProjectConfig('demo.json', {
        ...good,
        auth: { ...good.auth, sso: { gh: { type: 'oauth2', client_id: 'a', client_secret: 'b' } } },
      }),
    ).toThrow(/auth.sso.gh.authorize_url/);
  });
});
