import { readFileSync, existsSync } from 'node:fs';
import { resolve, join } from 'node:path';
import type { HashLimits } from './services/passwords';

export type Vendor = 'sqlite' | 'mysql' | 'postgres';
export const VENDORS: Vendor[] = ['sqlite', 'mysql', 'postgres'];

export interface DatabaseConfig {
  vendor: Vendor;
  /** SQLite: the database file, relative to the data folder unless absolute. */
  filename?: string;
  host?: string;
  port?: number;
  user?: string;
  password?: string;
  database?: string;
  /** PostgreSQL only: the schema that holds the tables (default `public`). */
  schema?: string;
  pool?: { min?: number; max?: number };
}

export interface SsoProviderConfig {
  /** `oauth2` with explicit endpoints, or `oidc` with endpoints discovered from `issuer`. */
  type: 'oauth2' | 'oidc';
  client_id: string;
  client_secret: string;
  issuer?: string;
  authorize_url?: string;
  token_url?: string;
  userinfo_url?: string;
  scope?: string;
  /** Property of the user-info answer that holds the email (default `email`). */
  email_key?: string;
  icon?: string;
  enabled?: boolean;
}

/** One project's configuration file: `<data>/projects/<key>.json`. */
export interface ProjectConfig {
  key: string;
  private?: boolean;
  database: DatabaseConfig;
  auth: {
    secret_key: string;
    public_key: string;
    sso?: Record<string, SsoProviderConfig>;
  };
  cookie?: { same_site?: 'Lax' | 'Strict' | 'None'; secure?: boolean | 'auto' };
  cors?: { origin?: string[] | '*' };
}

export interface MailConfig {
  /** SMTP connection URL, e.g. `smtp://user:pass@mail.example.com:587`. Empty: mail is off. */
  smtpUrl?: string;
  from: string;
}

/** The instance's configuration: environment variables over `<data>/octavo.json`. */
export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** The public URL of the API root, used for links in emails and SSO redirects. */
  publicUrl: string;
  superAdminToken?: string;
  logLevel: string;
  adminEmail?: string;
  adminPassword?: string;
  mail: MailConfig;
  redisUrl?: string;
  /** Largest `limit` a query may ask for; -1 means "all" up to this. */
  maxQueryLimit: number;
  /**
   * Most item objects one read may answer, counted across every nesting level as often as they
   * appear in the response (`OCTAVO_QUERY_MAX_ROWS`, default 50,000); more → 422 code 1010.
   */
  maxQueryRows: number;
  /**
   * Largest read answer in bytes, checked while it is serialised (`OCTAVO_QUERY_MAX_RESPONSE_BYTES`,
   * default 50 MB); larger → 422 code 1011.
   */
  maxResponseBytes: number;
  /**
   * Most milliseconds one read statement may run on PostgreSQL and MySQL / MariaDB before the
   * database cancels it (`OCTAVO_QUERY_TIMEOUT_MS`, default 30,000; 0 turns it off) → 503 code 1012.
   */
  queryTimeoutMs: number;
  /**
   * List reads that take at least this many milliseconds are logged as a warning naming the
   * collection, the filtered and sorted fields and which of them have no index
   * (`OCTAVO_SLOW_QUERY_MS`, default 500; 0 turns the log off).
   */
  slowQueryMs: number;
  maxUploadSize: number;
  /**
   * Largest JSON, form-encoded or text request body in bytes (default 1 MB). File uploads keep
   * `maxUploadSize` (multipart, and a JSON upload's base64 `data`).
   */
  maxBodySize: number;
  /**
   * Most rows one CSV import (`POST /items/{collection}/import`) may hold (`OCTAVO_IMPORT_MAX_ROWS`,
   * default 10,000); more → 422 code 1101.
   */
  importMaxRows: number;
  /** Largest import request body in bytes (`OCTAVO_IMPORT_MAX_BODY_SIZE`, default 20 MB) → 413 code 601. */
  importMaxBodySize: number;
  /** Sign-in attempts allowed per IP and minute before 429 (also `/utils/hash` and `/utils/hash/match`). */
  loginRateLimit: number;
  /** First temporary lock after `login_attempts_allowed` failed sign-ins, in seconds; doubles per repeat. */
  loginLockSeconds: number;
  /** The longest such lock, in seconds. */
  loginLockMaxSeconds: number;
  /** The most work a caller-supplied hash (`/utils/hash/match`) or `/utils/hash` option may ask for. */
  hashLimits: HashLimits;
  corsOrigin: string[] | '*' | false;
  trustProxy: boolean;
  demo: boolean;
  /** Where uploaded files live (default: local disk under `<dataDir>/uploads/<project>/`). */
  storage?: StorageConfig;
  /** Hosts or IPs that URL imports (`POST /files` with a URL) may reach even when not public. */
  importAllowList?: string[];
  /**
   * Webhook targets that may be delivered to although they are not public addresses
   * (`OCTAVO_WEBHOOK_ALLOW`): host names, IP addresses or CIDR ranges; `*` allows every target.
   */
  webhookAllow?: string[];
  /** The map interface's tile server; the app's CSP allows its host for images. */
  map: MapConfig;
}

export interface MapConfig {
  /** A Leaflet tile URL template (`{z}/{x}/{y}`, optional `{s}` subdomain); null: no tile server, maps show coordinates only. */
  tileUrl: string | null;
  /** Plain-text credit shown on the map (tile servers require one). */
  attribution: string;
}

export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION = '© OpenStreetMap contributors';

export interface StorageConfig {
  driver: 'local' | 's3';
  /** local: the folder holding one sub-folder per project (default `<dataDir>/uploads`). */
  root?: string;
  bucket?: string;
  region?: string;
  /** An S3-compatible endpoint URL (MinIO, R2, …); empty for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

export class ConfigError extends Error {
  constructor(setting: string, problem: string) {
    super(`Configuration error in ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(
  env: Env,
  file: Record<string, unknown>,
  name: string,
  key: string,
  fallback: number,
): number {
  const raw = env[name] ?? file[key];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new ConfigError(name, `"${raw}" is not a whole number`);
  return value;
}

function text(env: Env, file: Record<string, unknown>, name: string, key: string): string | undefined {
  const raw = env[name] ?? file[key];
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string') throw new ConfigError(name, 'must be a string');
  return raw;
}

function bool(
  env: Env,
  file: Record<string, unknown>,
  name: string,
  key: string,
  fallback: boolean,
): boolean {
  const raw = env[name] ?? file[key];
  if (raw === undefined || raw === '') return fallback;
  if (raw === true || raw === 'true' || raw === '1') return true;
  if (raw === false || raw === 'false' || raw === '0') return false;
  throw new ConfigError(name, `"${raw}" is not true or false`);
}

function storageConfig(env: Env, file: Record<string, unknown>, dataDir: string): StorageConfig {
  const driver = text(env, file, 'OCTAVO_STORAGE_DRIVER', 'storage_driver') ?? 'local';
  if (driver !== 'local' && driver !== 's3') {
    throw new ConfigError('OCTAVO_STORAGE_DRIVER', `"${driver}" is not one of local, s3`);
  }
  const root = text(env, file, 'OCTAVO_STORAGE_ROOT', 'storage_root');
  if (driver === 'local') return { driver, root: resolve(dataDir, root ?? 'uploads') };
  const bucket = text(env, file, 'OCTAVO_S3_BUCKET', 's3_bucket');
  if (!bucket) throw new ConfigError('OCTAVO_S3_BUCKET', 'is required for the s3 storage driver');
  return {
    driver,
    root,
    bucket,
    region: text(env, file, 'OCTAVO_S3_REGION', 's3_region') ?? 'us-east-1',
    endpoint: text(env, file, 'OCTAVO_S3_ENDPOINT', 's3_endpoint'),
    accessKeyId: text(env, file, 'OCTAVO_S3_ACCESS_KEY_ID', 's3_access_key_id'),
    secretAccessKey: text(env, file, 'OCTAVO_S3_SECRET_ACCESS_KEY', 's3_secret_access_key'),
    forcePathStyle: bool(env, file, 'OCTAVO_S3_FORCE_PATH_STYLE', 's3_force_path_style', false),
  };
}

/** The tile server: `none` (or `off`) turns maps into coordinate inputs; otherwise an https URL template. */
function mapConfig(env: Env, file: Record<string, unknown>): MapConfig {
  const raw = text(env, file, 'OCTAVO_MAP_TILE_URL', 'map_tile_url') ?? DEFAULT_MAP_TILE_URL;
  const attribution =
    text(env, file, 'OCTAVO_MAP_ATTRIBUTION', 'map_attribution') ??
    (raw === DEFAULT_MAP_TILE_URL ? DEFAULT_MAP_ATTRIBUTION : '');
  if (/^(none|off)$/i.test(raw)) return { tileUrl: null, attribution };
  let url: URL;
  try {
    url = new URL(raw.replace(/\{[a-z]\}/gi, '0'));
  } catch {
    throw new ConfigError('OCTAVO_MAP_TILE_URL', `"${raw}" is not an http(s) URL template`);
  }
  if (!/^https?:$/.test(url.protocol) || !url.host) {
    throw new ConfigError('OCTAVO_MAP_TILE_URL', `"${raw}" is not an http(s) URL template`);
  }
  // Only `{s}` may stand in the host (it becomes a `*.` wildcard in the CSP); nothing else.
  const hostPart = raw.replace(/^https?:\/\//, '').split('/')[0];
  if (/[{}]/.test(hostPart.replace(/^\{s\}\./, ''))) {
    throw new ConfigError(
      'OCTAVO_MAP_TILE_URL',
      `"${raw}": only {s} may stand in the host, as its first label`,
    );
  }
  return { tileUrl: raw, attribution };
}

/** The CSP source of the tile server's host (`https://*.example.com` for an `{s}` subdomain); null without one. */
export function mapTileSource(map: MapConfig): string | null {
  if (!map.tileUrl) return null;
  const match = /^(https?:)\/\/([^/]+)/.exec(map.tileUrl);
  return match ? `${match[1]}//${match[2].replace(/^\{s\}\./, '*.')}` : null;
}

/**
 * The hash cost ceilings. They start at the server's own hashing parameters (argon2id m=65536 KiB,
 * t=3, p=4; bcrypt 10, by default up to 12) and may not go below them, so the server's own
 * hashes always verify.
 */
function hashLimits(env: Env, file: Record<string, unknown>): HashLimits {
  const limit = (name: string, key: string, own: number, ceiling: number, fallback = own) => {
    const value = integer(env, file, name, key, fallback);
    if (value < own || value > ceiling)
      throw new ConfigError(name, `must be a whole number from ${own} to ${ceiling}`);
    return value;
  };
  return {
    argon2Memory: limit('OCTAVO_HASH_MAX_ARGON2_MEMORY', 'hash_max_argon2_memory', 65536, 4194304),
    argon2Time: limit('OCTAVO_HASH_MAX_ARGON2_TIME', 'hash_max_argon2_time', 3, 64),
    argon2Parallelism: limit('OCTAVO_HASH_MAX_ARGON2_PARALLELISM', 'hash_max_argon2_parallelism', 4, 64),
    bcryptCost: limit('OCTAVO_HASH_MAX_BCRYPT_COST', 'hash_max_bcrypt_cost', 10, 31, 12),
  };
}

/** Reads and validates the configuration; throws a ConfigError naming the bad setting. */
export function loadConfig(env: Env = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env.OCTAVO_DATA ?? 'data');
  const filePath = join(dataDir, 'octavo.json');
  let file: Record<string, unknown> = {};
  if (existsSync(filePath)) {
    try {
      file = JSON.parse(readFileSync(filePath, 'utf8'));
    } catch (error) {
      throw new ConfigError(filePath, `not valid JSON (${(error as Error).message})`);
    }
  }
  const port = integer(env, file, 'OCTAVO_PORT', 'port', 8080);
  if (port < 0 || port > 65535) throw new ConfigError('OCTAVO_PORT', `${port} is not a TCP port (0-65535)`);
  const host = text(env, file, 'OCTAVO_HOST', 'host') ?? '127.0.0.1';
  let publicUrl = text(env, file, 'OCTAVO_PUBLIC_URL', 'public_url') ?? `http://${host}:${port}/`;
  try {
    const url = new URL(publicUrl);
    if (!/^https?:$/.test(url.protocol)) throw new Error('not http(s)');
  } catch {
    throw new ConfigError('OCTAVO_PUBLIC_URL', `"${publicUrl}" is not an http(s) URL`);
  }
  if (!publicUrl.endsWith('/')) publicUrl += '/';
  const adminEmail = text(env, file, 'OCTAVO_ADMIN_EMAIL', 'admin_email');
  if (adminEmail && !/^[^\s@]+@[^\s@]+$/.test(adminEmail)) {
    throw new ConfigError('OCTAVO_ADMIN_EMAIL', `"${adminEmail}" is not an email address`);
  }
  const corsRaw = text(env, file, 'OCTAVO_CORS_ORIGIN', 'cors_origin');
  const corsOrigin = !corsRaw ? false : corsRaw === '*' ? '*' : corsRaw.split(',').map((s) => s.trim());
  const maxQueryLimit = integer(env, file, 'OCTAVO_QUERY_LIMIT_MAX', 'query_limit_max', 1000);
  if (maxQueryLimit < 1) throw new ConfigError('OCTAVO_QUERY_LIMIT_MAX', 'must be at least 1');
  const maxQueryRows = integer(env, file, 'OCTAVO_QUERY_MAX_ROWS', 'query_max_rows', 50_000);
  if (maxQueryRows < 1) throw new ConfigError('OCTAVO_QUERY_MAX_ROWS', 'must be at least 1');
  const maxResponseBytes = integer(
    env,
    file,
    'OCTAVO_QUERY_MAX_RESPONSE_BYTES',
    'query_max_response_bytes',
    50 * 1024 * 1024,
  );
  if (maxResponseBytes < 1024) {
    throw new ConfigError('OCTAVO_QUERY_MAX_RESPONSE_BYTES', 'must be at least 1024 (bytes)');
  }
  const queryTimeoutMs = integer(env, file, 'OCTAVO_QUERY_TIMEOUT_MS', 'query_timeout_ms', 30_000);
  if (queryTimeoutMs < 0) throw new ConfigError('OCTAVO_QUERY_TIMEOUT_MS', 'must be 0 (off) or more');
  const slowQueryMs = integer(env, file, 'OCTAVO_SLOW_QUERY_MS', 'slow_query_ms', 500);
  if (slowQueryMs < 0) throw new ConfigError('OCTAVO_SLOW_QUERY_MS', 'must be 0 (off) or more');
  const maxBodySize = integer(env, file, 'OCTAVO_MAX_BODY_SIZE', 'max_body_size', 1024 * 1024);
  if (maxBodySize < 1024) throw new ConfigError('OCTAVO_MAX_BODY_SIZE', 'must be at least 1024 (bytes)');
  const importMaxRows = integer(env, file, 'OCTAVO_IMPORT_MAX_ROWS', 'import_max_rows', 10_000);
  if (importMaxRows < 1) throw new ConfigError('OCTAVO_IMPORT_MAX_ROWS', 'must be at least 1');
  const importMaxBodySize = integer(
    env,
    file,
    'OCTAVO_IMPORT_MAX_BODY_SIZE',
    'import_max_body_size',
    20 * 1024 * 1024,
  );
  if (importMaxBodySize < 1024) {
    throw new ConfigError('OCTAVO_IMPORT_MAX_BODY_SIZE', 'must be at least 1024 (bytes)');
  }
  const loginLockSeconds = integer(env, file, 'OCTAVO_LOGIN_LOCK_SECONDS', 'login_lock_seconds', 60);
  if (loginLockSeconds < 1) throw new ConfigError('OCTAVO_LOGIN_LOCK_SECONDS', 'must be at least 1');
  const loginLockMaxSeconds = integer(
    env,
    file,
    'OCTAVO_LOGIN_LOCK_MAX_SECONDS',
    'login_lock_max_seconds',
    3600,
  );
  if (loginLockMaxSeconds < loginLockSeconds) {
    throw new ConfigError('OCTAVO_LOGIN_LOCK_MAX_SECONDS', 'must be at least OCTAVO_LOGIN_LOCK_SECONDS');
  }
  const config: ServerConfig = {
    host,
    port,
    dataDir,
    publicUrl,
    superAdminToken: text(env, file, 'OCTAVO_SUPER_ADMIN_TOKEN', 'super_admin_token'),
    logLevel: text(env, file, 'OCTAVO_LOG_LEVEL', 'log_level') ?? 'info',
    adminEmail,
    adminPassword: text(env, file, 'OCTAVO_ADMIN_PASSWORD', 'admin_password'),
    mail: {
      smtpUrl: text(env, file, 'OCTAVO_SMTP_URL', 'smtp_url'),
      from: text(env, file, 'OCTAVO_MAIL_FROM', 'mail_from') ?? 'Octavo <no-reply@localhost>',
    },
    redisUrl: text(env, file, 'OCTAVO_REDIS_URL', 'redis_url'),
    maxQueryLimit,
    maxQueryRows,
    maxResponseBytes,
    queryTimeoutMs,
    slowQueryMs,
    maxUploadSize: integer(env, file, 'OCTAVO_MAX_UPLOAD_SIZE', 'max_upload_size', 100 * 1024 * 1024),
    maxBodySize,
    importMaxRows,
    importMaxBodySize,
    loginRateLimit: integer(env, file, 'OCTAVO_LOGIN_RATE_LIMIT', 'login_rate_limit', 30),
    loginLockSeconds,
    loginLockMaxSeconds,
    hashLimits: hashLimits(env, file),
    corsOrigin,
    trustProxy: bool(env, file, 'OCTAVO_TRUST_PROXY', 'trust_proxy', false),
    demo: bool(env, file, 'OCTAVO_DEMO', 'demo', true),
    storage: storageConfig(env, file, dataDir),
    importAllowList: (text(env, file, 'OCTAVO_IMPORT_ALLOW_HOSTS', 'import_allow_hosts') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    webhookAllow: (text(env, file, 'OCTAVO_WEBHOOK_ALLOW', 'webhook_allow') ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
    map: mapConfig(env, file),
    ...overrides,
  };
  const levels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  if (!levels.includes(config.logLevel)) {
    throw new ConfigError('OCTAVO_LOG_LEVEL', `"${config.logLevel}" is not one of ${levels.join(', ')}`);
  }
  return config;
}

export const PROJECT_KEY = /^[0-9a-z_-]+$/i;

/** Validates one project's configuration file contents; throws a ConfigError naming the setting. */
export function validateProjectConfig(source: string, value: unknown): ProjectConfig {
  const where = (setting: string) => `${source}: ${setting}`;
  if (!value || typeof value !== 'object') throw new ConfigError(source, 'must be a JSON object');
  const config = value as ProjectConfig;
  if (typeof config.key !== 'string' || !PROJECT_KEY.test(config.key)) {
    throw new ConfigError(where('key'), 'must contain only letters, digits, "_" and "-"');
  }
  const db = config.database;
  if (!db || typeof db !== 'object') throw new ConfigError(where('database'), 'is missing');
  if (!['sqlite', 'mysql', 'postgres'].includes(db.vendor)) {
    throw new ConfigError(where('database.vendor'), `"${db.vendor}" is not one of sqlite, mysql, postgres`);
  }
  if (db.vendor === 'sqlite' && !db.filename) {
    throw new ConfigError(where('database.filename'), 'is required for SQLite');
  }
  if (db.vendor !== 'sqlite' && !db.database) {
    throw new ConfigError(where('database.database'), `is required for ${db.vendor}`);
  }
  if (db.port !== undefined && (!Number.isInteger(db.port) || db.port <= 0)) {
    throw new ConfigError(where('database.port'), `${db.port} is not a TCP port`);
  }
  if (!config.auth || typeof config.auth.secret_key !== 'string' || config.auth.secret_key.length < 32) {
    throw new ConfigError(where('auth.secret_key'), 'must be a string of at least 32 characters');
  }
  if (typeof config.auth.public_key !== 'string' || !config.auth.public_key) {
    throw new ConfigError(where('auth.public_key'), 'is missing');
  }
  for (const [name, provider] of Object.entries(config.auth.sso ?? {})) {
    if (!['oauth2', 'oidc'].includes(provider.type)) {
      throw new ConfigError(where(`auth.sso.${name}.type`), 'must be "oauth2" or "oidc"');
    }
    if (!provider.client_id) throw new ConfigError(where(`auth.sso.${name}.client_id`), 'is missing');
    if (provider.type === 'oidc' && !provider.issuer) {
      throw new ConfigError(where(`auth.sso.${name}.issuer`), 'is required for an OpenID Connect provider');
    }
    if (provider.type === 'oauth2') {
      for (const key of ['authorize_url', 'token_url', 'userinfo_url'] as const) {
        if (!provider[key]) throw new ConfigError(where(`auth.sso.${name}.${key}`), 'is required for OAuth2');
      }
    }
  }
  return config;
}
