import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import { findUserByEmail, normaliseEmail, safeUser } from './auth-users';
import { checkPolicy } from './password-reset';
import { hashPassword } from './passwords';
import { emitItemEvent } from './events';
import { mailEnabled, sendMail, sentences, type Mail } from './mail';
import { mailDirection, mailLocale, mailTranslator } from '../i18n/mail';
import { renderMailTemplate } from './mail-templates';
import { readSettings } from './settings';
import { looksLikeJwt, signToken, verifyToken } from './tokens';

/** v8: an invitation is valid for 30 days. */
export const INVITATION_DAYS = 30;

/** Emails as v8 validates them (one `@`, no spaces, a dot-less domain allowed for intranets). */
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+$/;

export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 128 && EMAIL.test(value);
}

/** `{publicUrl}admin/#/accept-invite?token=…&project=…`: from configuration, never the Host header. */
export function invitationLink(project: ProjectContext, token: string): string {
  const query = new URLSearchParams({ token, project: project.key });
  return `${project.server.publicUrl}admin/#/accept-invite?${query}`;
}

/** The invitation message (templates in mail-templates/user-invitation.*.liquid). */
export async function invitationMail(input: {
  to: string;
  projectName: string;
  senderName: string;
  link: string;
  /** The project's default language (the invited person has none yet). */
  locale: string;
}): Promise<Mail> {
  const { locale } = input;
  const t = mailTranslator(locale);
  const project = input.projectName;
  const intro = input.senderName
    ? t('invite.intro_from', { project, sender: input.senderName })
    : t('invite.intro', { project });
  const { text, html } = await renderMailTemplate('user-invitation', {
    lang: locale,
    dir: mailDirection(locale),
    intro,
    lead: sentences(locale, intro, t('invite.open')),
    action: t('invite.action'),
    link: input.link,
    closing: sentences(
      locale,
      t('invite.expiry', { days: INVITATION_DAYS }),
      t('invite.password'),
      t('invite.ignore'),
    ),
  });
  return { to: input.to, subject: t('invite.subject', { project }), text, html };
}

function fullName(row: Record<string, unknown> | undefined): string {
  if (!row) return '';
  return [row.first_name, row.last_name].filter((part) => typeof part === 'string' && part).join(' ');
}

/** The Public role: nobody signs in with it, so nobody is invited into it. */
const PUBLIC_ROLE = 2;

/**
 * The role an invitation assigns (an Octavo addition): absent or null for none, else the id of an
 * existing role other than Public (422 code 4 otherwise).
 */
async function invitationRole(project: ProjectContext, raw: unknown): Promise<number | null> {
  if (raw === undefined || raw === null || raw === '') return null;
  const id = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isInteger(id) || id === PUBLIC_ROLE)
    throw new ApiError('INVALID_REQUEST', 'role: must be the id of a role other than Public');
  const row = await project.knex('directus_roles').where('id', id).first('id');
  if (!row) throw new ApiError('INVALID_REQUEST', `role: there is no role ${id}`);
  return id;
}

/**
 * `POST /users/invite`: for each email without a user, creates `{email, status: invited, role}`
 * (no password; the role only when the request names one, an Octavo addition) and mails a 30-day
 * invitation. An email whose user is still `invited` gets the invitation again (and the role, when
 * one is named); emails of other users are left alone (v8). Answers the users of the emails.
 */
export async function inviteUsers(
  project: ProjectContext,
  accountability: Accountability,
  rawEmails: unknown,
  rawRole?: unknown,
): Promise<Array<Record<string, unknown>>> {
  if (!accountability.admin) throw new ApiError('FORBIDDEN', 'Inviting user was denied');
  const list = Array.isArray(rawEmails) ? rawEmails : [rawEmails];
  if (!list.length) throw new ApiError('INVALID_REQUEST', 'email: This value should not be blank.');
  for (const email of list) {
    if (!isEmail(email))
      throw new ApiError('INVALID_REQUEST', 'email: This value is not a valid email address.');
  }
  // Stored as every email is: trimmed and lower case; one invitation per address in any spelling.
  const emails = [...new Set((list as string[]).map(normaliseEmail))];
  if (!mailEnabled(project.server)) {
    throw new ApiError('MAIL_TRANSPORT_NOT_FOUND', 'Mail is not configured on this server');
  }
  const role = await invitationRole(project, rawRole);
  const settings = await readSettings(project.knex);
  const projectName = settings.project_name ?? project.key;
  const sender =
    accountability.user != null
      ? await project.knex('directus_users').where('id', accountability.user).first('first_name', 'last_name')
      : undefined;
  const users: Array<Record<string, unknown>> = [];
  for (const email of emails) {
    let user = await findUserByEmail(project.knex, email);
    if (!user) {
      let created = true;
      try {
        await project.knex('directus_users').insert({ email, status: 'invited', role });
      } catch (error) {
        // Another request created the user in the meantime (unique email); use theirs.
        if (!(await findUserByEmail(project.knex, email))) throw error;
        created = false;
      }
      user = (await findUserByEmail(project.knex, email))!;
      const id = Number(user.id);
      if (created)
        emitItemEvent({
          project,
          action: 'create',
          collection: 'directus_users',
          keys: [id],
          payload: { email, status: 'invited', role },
          accountability,
        });
    } else if (user.status === 'invited' && role !== null && Number(user.role) !== role) {
      await project.knex('directus_users').where({ id: user.id, status: 'invited' }).update({ role });
      user = { ...user, role };
    }
    if (user.status === 'invited') {
      const token = await signToken(
        project,
        'invitation',
        {
          id: Number(user.id),
          email: user.email,
          sender: accountability.user,
          date: new Date().toISOString(),
        },
        INVITATION_DAYS * 24 * 60,
      );
      const mail = await invitationMail({
        to: user.email,
        projectName,
        senderName: fullName(sender),
        link: invitationLink(project, token),
        locale: mailLocale(settings.default_locale),
      });
      await sendMail(project.server, mail);
    }
    if (user.status !== 'deleted') users.push(safeUser(user));
  }
  return users;
}

/**
 * `GET|POST /users/invite/:token`: activates the invited user the token names and answers the
 * user as it was before (status `invited`, as v8). A used token finds no invited user: 404 code 106.
 * A POST may carry `{password}` (an Octavo addition): checked against the password policy and
 * stored with the activation, in the same conditional write, so the link is all a new user needs.
 */
export async function acceptInvitation(
  project: ProjectContext,
  accountability: Accountability,
  token: string,
  password?: unknown,
): Promise<Record<string, unknown>> {
  if (!looksLikeJwt(token)) throw new ApiError('INVALID_TOKEN');
  if (password !== undefined && (typeof password !== 'string' || password === ''))
    throw new ApiError('INVALID_REQUEST', 'password: This value should not be blank.');
  const claims = await verifyToken(project, token, 'invitation');
  if (typeof claims.email !== 'string') throw new ApiError('INVALID_TOKEN');
  const user = await project.knex('directus_users').where({ id: claims.id, status: 'invited' }).first();
  if (!user || String(user.email).toLowerCase() !== claims.email.toLowerCase()) {
    throw new ApiError('USER_NOT_FOUND', 'No invited user with this email');
  }
  const update: Record<string, unknown> = { status: 'active' };
  if (typeof password === 'string') {
    checkPolicy((await readSettings(project.knex)).password_policy, password);
    update.password = await hashPassword(password);
  }
  // Conditional on the status, so two uses of one link at the same time activate once.
  const changed = await project
    .knex('directus_users')
    .where({ id: user.id, status: 'invited' })
    .update(update);
  if (!changed) throw new ApiError('USER_NOT_FOUND', 'No invited user with this email');
  emitItemEvent({
    project,
    action: 'update',
    collection: 'directus_users',
    keys: [Number(user.id)],
    payload: { status: 'active' },
    accountability,
  });
  return safeUser(user);
}
