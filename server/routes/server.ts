import type { FastifyPluginAsync } from 'fastify';
import { timingSafeEqual, createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import { ApiError } from '../errors';
import { respond } from '../respond';
import { publicAccountability } from '../context';
import { VENDORS, type DatabaseConfig, type Vendor } from '../config';
import { ensureSuperAdminToken } from '../services/instance';
import pkg from '../../package.json' with { type: 'json' };

function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb);
}

const createBody = {
  type: 'object',
  required: ['project', 'super_admin_token', 'user_email', 'user_password'],
  properties: {
    project: { type: 'string', pattern: '^[0-9a-zA-Z_-]+$', maxLength: 64 },
    project_name: { type: 'string', maxLength: 100 },
    super_admin_token: { type: 'string', minLength: 1 },
    db_vendor: { type: 'string', enum: VENDORS },
    db_host: { type: 'string' },
    db_port: { type: 'integer', minimum: 1, maximum: 65535 },
    db_name: { type: 'string', minLength: 1 },
    db_user: { type: 'string' },
    db_password: { type: 'string' },
    user_email: { type: 'string', format: 'email' },
    user_password: { type: 'string', minLength: 1 },
    user_token: { type: 'string' },
    app_url: { type: 'string' },
    private: { type: 'boolean' },
    force: { type: 'boolean' },
    existing: { type: 'boolean' },
  },
} as const;

export const serverRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    request.accountability = publicAccountability(request.ip, request.headers['user-agent']);
  });

  /** The instance's super-admin token must be given once any project exists. */
  function checkSuperAdmin(given: unknown, required: boolean): void {
    const expected = app.config.superAdminToken ?? ensureSuperAdminToken(app.config, false);
    if (!required && !expected) return;
    if (typeof given !== 'string' || given === '') {
      throw new ApiError('INVALID_REQUEST', 'super_admin_token: This value should not be blank.');
    }
    if (!expected || !sameSecret(given, expected))
      throw new ApiError('UNAUTHORIZED', 'Permission denied: Superadmin Only');
  }

  app.get('/ping', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'));

  app.get('/projects', async (request, reply) => {
    const keys = app.registry.keys();
    if (keys.length === 0 && app.registry.keys(true).length === 0) throw new ApiError('NOT_INSTALLED');
    return respond(request, reply, { data: keys });
  });

  app.get('/info', async (request, reply) => {
    const hasProjects = app.registry.keys(true).length > 0;
    checkSuperAdmin((request.query as Record<string, unknown>).super_admin_token, hasProjects);
    let writable = true;
    try {
      accessSync(app.config.dataDir, constants.W_OK);
    } catch {
      writable = false;
    }
    return respond(request, reply, {
      data: {
        octavo: pkg.version,
        directus: '8.8.1',
        server: { type: 'octavo', rewrites: true, os: os.type(), os_version: os.release() },
        node: { version: process.versions.node, max_upload_size: app.config.maxUploadSize },
        databases: VENDORS,
        permissions: { data: writable },
      },
    });
  });

  app.post('/projects', { schema: { body: createBody } }, async (request, reply) => {
    const body = request.body as Record<string, any>;
    const hasProjects = app.registry.keys(true).length > 0;
    if (!hasProjects && !app.config.superAdminToken && !ensureSuperAdminToken(app.config, false)) {
      // The first install chooses the instance's super-admin token.
      app.config.superAdminToken = ensureSuperAdminToken(app.config, true, body.super_admin_token);
    }
    checkSuperAdmin(body.super_admin_token, true);
    const vendor: Vendor = body.db_vendor ?? (body.db_user || body.db_host ? 'mysql' : 'sqlite');
    if (vendor !== 'sqlite' && !body.db_name) {
      throw new ApiError('INVALID_REQUEST', 'db_name: This value should not be blank.');
    }
    const database: DatabaseConfig =
      vendor === 'sqlite'
        ? { vendor, filename: `${body.project}.sqlite` }
        : {
            vendor,
            host: body.db_host || '127.0.0.1',
            port: body.db_port,
            user: body.db_user,
            password: body.db_password,
            database: body.db_name,
          };
    await app.registry.create({
      key: body.project,
      database,
      projectName: body.project_name,
      appUrl: body.app_url,
      adminEmail: body.user_email,
      adminPassword: body.user_password,
      adminToken: body.user_token,
      private: body.private,
      force: body.force && !body.existing,
      existing: body.existing,
    });
    return respond(request, reply);
  });

  app.delete('/projects/:key', async (request, reply) => {
    checkSuperAdmin((request.query as Record<string, unknown>).super_admin_token, true);
    await app.registry.remove((request.params as { key: string }).key);
    return respond(request, reply);
  });
};
