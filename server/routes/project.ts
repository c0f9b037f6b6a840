import type { FastifyPluginAsync } from 'fastify';
import { respond } from '../respond';
import { projectInfo } from '../services/project-info';
import { authRoutes } from './auth';
import { usersRoutes } from './users';
import { invitationRoutes } from './invitations';
import { mailRoutes } from './mail';
import { filesRoutes } from './files';
import { assetsRoutes } from './assets';
import { utilsRoutes } from './utils';
import { collectionsRoutes } from './collections';
import { fieldsRoutes } from './fields';
import { relationsRoutes } from './relations';
import { itemsRoutes } from './items';
import { activityRoutes } from './activity';
import { revisionsRoutes } from './revisions';
import { rolesRoutes } from './roles';
import { permissionsRoutes } from './permissions';
import { settingsRoutes } from './settings';
import { presetsRoutes } from './presets';
import { webhooksRoutes } from './webhooks';
import { foldersRoutes } from './folders';

/** All routes below /{project}/. Each group lives in its own file. */
export const projectRoutes: FastifyPluginAsync = async (app) => {
  app.get('/', async (request, reply) => {
    return respond(request, reply, { data: await projectInfo(request.project, request.accountability) });
  });
  await app.register(authRoutes, { prefix: '/auth' });
  await app.register(usersRoutes, { prefix: '/users' });
  await app.register(invitationRoutes, { prefix: '/users' });
  await app.register(mailRoutes);
  await app.register(filesRoutes, { prefix: '/files' });
  await app.register(assetsRoutes, { prefix: '/assets' });
  await app.register(utilsRoutes, { prefix: '/utils' });
  await app.register(collectionsRoutes, { prefix: '/collections' });
  await app.register(fieldsRoutes, { prefix: '/fields' });
  await app.register(relationsRoutes, { prefix: '/relations' });
  await app.register(itemsRoutes, { prefix: '/items' });
  await app.register(activityRoutes, { prefix: '/activity' });
  await app.register(revisionsRoutes, { prefix: '/revisions' });
  await app.register(rolesRoutes, { prefix: '/roles' });
  await app.register(permissionsRoutes, { prefix: '/permissions' });
  await app.register(settingsRoutes, { prefix: '/settings' });
  await app.register(presetsRoutes, { prefix: '/collection_presets' });
  await app.register(webhooksRoutes, { prefix: '/webhooks' });
  await app.register(foldersRoutes, { prefix: '/folders' });
};
