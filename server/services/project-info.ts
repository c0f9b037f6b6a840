import type { Accountability, ProjectContext } from '../context';
import { readSettings, type Settings } from './settings';
import { fileData } from './files';
import pkg from '../../package.json' with { type: 'json' };

/** The link block of a settings file (logo, foreground, background); read without permissions, as v8 does. */
async function fileLink(project: ProjectContext, settings: Settings, id: string | null | undefined) {
  if (!id) return null;
  const row = await project
    .knex('directus_files')
    .where('id', id)
    .first('id', 'filename_download', 'private_hash', 'type');
  if (!row) return null;
  const { full_url, url, asset_url } = fileData(project, row, settings);
  return { full_url, url, asset_url };
}

/** `GET /{project}/`: what the sign-in page and the app shell read about a project. */
export async function projectInfo(project: ProjectContext, who: Accountability) {
  const settings = await readSettings(project.knex);
  const [logo, foreground, background] = await Promise.all([
    fileLink(project, settings, settings.project_logo),
    fileLink(project, settings, settings.project_foreground),
    fileLink(project, settings, settings.project_background),
  ]);
  const api: Record<string, unknown> = {
    requires2FA: false,
    project_name: settings.project_name ?? project.key,
    project_logo: logo,
    project_color: settings.project_color ?? null,
    project_foreground: foreground,
    project_background: background,
    project_public_note: settings.project_public_note ?? null,
    // Unset (NULL, or emptied in the settings form): en-US, as v8 answers (api-v8 §12.2).
    default_locale: settings.default_locale || 'en-US',
    telemetry: settings.telemetry === '1' || settings.telemetry === 'true',
  };
  if (who.user == null) return { api };
  let requires2FA = false;
  if (who.role != null) {
    const role = await project.knex('directus_roles').where('id', who.role).first('enforce_2fa');
    requires2FA = Boolean(Number(role?.enforce_2fa ?? 0));
  }
  return {
    api: { ...api, version: pkg.version, requires2FA, database: project.vendor },
    server: {
      max_upload_size: project.server.maxUploadSize,
      // The map interface's tile server (the CSP allows its host); null: maps show coordinates only.
      map: project.server.map?.tileUrl
        ? { tile_url: project.server.map.tileUrl, attribution: project.server.map.attribution }
        : null,
      ...(who.admin ? { general: { node_version: process.versions.node, octavo_version: pkg.version } } : {}),
    },
  };
}
