import type { FastifyRequest } from 'fastify';
import type { Accountability, ProjectContext } from '../context';
import { publicAccountability } from '../context';

/** Resolves who is calling from the request's token or session cookie. (Being written.) */
export async function resolveAccountability(_project: ProjectContext, request: FastifyRequest): Promise<Accountability> {
  return publicAccountability(request.ip, request.headers['user-agent']);
}
