import type { Knex } from 'knex';
import type { ProjectConfig, ServerConfig, Vendor } from './config';
import type { Dialect } from './database/dialects';

/** Everything a service needs to know about the project a request is for. */
export interface ProjectContext {
  key: string;
  config: ProjectConfig;
  knex: Knex;
  vendor: Vendor;
  /** Everything that differs between vendors, chosen once when the connection opens. */
  dialect: Dialect;
  server: ServerConfig;
}

/** Who is calling: resolved once per request by the authentication hook. */
export interface Accountability {
  /** Null for anonymous callers (public role 2). */
  user: number | null;
  role: number | null;
  admin: boolean;
  ip: string;
  userAgent?: string;
  /** How the caller authenticated, when they did. */
  via?: 'jwt' | 'static' | 'cookie';
  /** The presented token or session token, kept to find the session on logout. */
  token?: string;
  /** The caller's role enforces 2FA and they have not set it up. */
  needs2FA?: boolean;
  /**
   * Set while an administrator previews a role (`X-Octavo-Preview-Role`, services/role-preview.ts):
   * the administrator's user id; `role` is the previewed role and `user` is null. Read-only.
   */
  previewBy?: number;
  /**
   * The caller proved their current password or code for this write (services/own-account.ts):
   * only then may they change their own password or 2FA secret.
   */
  credentialsConfirmed?: boolean;
}

export function publicAccountability(ip: string, userAgent?: string): Accountability {
  return { user: null, role: 2, admin: false, ip, userAgent };
}
