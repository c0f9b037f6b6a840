import type { FastifyRequest } from 'fastify';
import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';

/** The request header naming the role an administrator reads as (an Octavo addition). */
export const PREVIEW_HEADER = 'x-octavo-preview-role';

const ADMIN_ROLE = 1;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * "What this role can see" (docs/compatibility.md): an administrator sends `X-Octavo-Preview-Role:
 * <id>` and the request reads with that role's permission rows, as a member of the role who owns
 * nothing (no user, so `mine` and `role` levels reach no item). Anyone else using the header gets
 * 403; every write with it is 403 too, so a preview can never change data. Without the header the
 * caller is returned unchanged.
 */
export async function previewAccountability(
  project: ProjectContext,
  request: FastifyRequest,
  who: Accountability,
): Promise<Accountability> {
  const header = request.headers[PREVIEW_HEADER];
  if (header === undefined) return who;
  if (!who.admin || who.user == null) {
    throw new ApiError('FORBIDDEN', 'Only administrators can preview a role');
  }
  if (!READS.has(request.method)) {
    throw new ApiError('FORBIDDEN', 'A role preview is read-only: writes are not allowed');
  }
  const raw = Array.isArray(header) ? header[0] : header;
  const role = /^[0-9]{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(role) || role < 1) {
    throw new ApiError('INVALID_REQUEST', 'X-Octavo-Preview-Role must be the id of a role');
  }
  const exists = await project.knex('directus_roles').where('id', role).first('id');
  if (!exists) throw new ApiError('INVALID_REQUEST', `There is no role with the id ${role}`);
  return {
    user: null,
    role,
    admin: role === ADMIN_ROLE,
    ip: who.ip,
    userAgent: who.userAgent,
    via: who.via,
    previewBy: who.user,
  };
}
