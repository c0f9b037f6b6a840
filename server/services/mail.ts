import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Accountability, ProjectContext } from '../context';
import { ApiError } from '../errors';
import { renderAdminBody, renderMailTemplate } from './mail-templates';
import { mailDirection, mailTranslator } from '../i18n/mail';

const transports = new Map<string, Transporter>();

function transport(smtpUrl: string): Transporter {
  let existing = transports.get(smtpUrl);
  if (!existing) {
    existing = nodemailer.createTransport(smtpUrl);
    transports.set(smtpUrl, existing);
  }
  return existing;
}

/** True when the instance can send mail (`mail.smtpUrl` is set). */
export function mailEnabled(server: ServerConfig): boolean {
  return Boolean(server.mail.smtpUrl);
}

export interface MailAddress {
  name?: string;
  address: string;
}

export interface Mail {
  to: string | MailAddress | Array<string | MailAddress>;
  subject: string;
  text?: string;
  html?: string;
  /** The author shown in `From` (default: the configured sender, which always stays the envelope sender). */
  from?: MailAddress;
}

/** Sends one message over SMTP; any failure becomes 500 code 503 (the cause is not shown to callers). */
export async function sendMail(server: ServerConfig, mail: Mail): Promise<void> {
  if (!server.mail.smtpUrl) throw new ApiError('MAIL_NOT_SENT', 'Mail is not configured on this server');
  let sender: Transporter;
  try {
    sender = transport(server.mail.smtpUrl);
  } catch {
    throw new ApiError('INVALID_MAIL_TRANSPORT', 'The mail transport configuration is not valid');
  }
  const { from, ...message } = mail;
  const recipients = [message.to].flat().map((to) => (typeof to === 'string' ? to : to.address));
  try {
    await sender.sendMail(
      from
        ? { ...message, from, sender: server.mail.from, envelope: { from: server.mail.from, to: recipients } }
        : { from: server.mail.from, ...message },
    );
  } catch {
    throw new ApiError('MAIL_NOT_SENT');
  }
}

/**
 * The password-reset message in the recipient's language (`locale`, see `mailLocale`): a link valid
 * for `minutes`, usable once (templates in mail-templates/password-reset.*.liquid).
 */
export async function passwordResetMail(input: {
  to: string;
  projectName: string;
  link: string;
  minutes: number;
  locale: string;
}): Promise<Mail> {
  const { projectName, link, minutes, locale } = input;
  const t = mailTranslator(locale);
  const { text, html } = await renderMailTemplate('password-reset', {
    lang: locale,
    dir: mailDirection(locale),
    intro: t('reset.intro', { project: projectName }),
    action: t('reset.action'),
    link,
    closing: sentences(locale, t('reset.expiry', { minutes }), t('reset.ignore')),
  });
  return { to: input.to, subject: t('reset.subject', { project: projectName }), text, html };
}

/** Sentences one after the other: with a space, none in Chinese and Japanese. */
export function sentences(locale: string, ...parts: string[]): string {
  return parts.join(/^(zh|ja)\b/.test(locale) ? '' : ' ');
}

/** Closes pooled SMTP connections (used when the server stops). */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}

/** `POST /mail`'s body after validation. */
export interface ProjectMailInput {
  /** Email addresses, user ids, `{email, name}` objects, or a list of those. */
  to: unknown;
  subject: string;
  body: string;
  type: 'html' | 'plain';
  data: Record<string, unknown>;
  /** Show the configured sender in `From` instead of the caller. */
  useDefaultEmail: boolean;
}

const EMAIL_SHAPE = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+$/;

/**
 * Resolves `to` into addresses: user ids must name active users, other entries must be email
 * addresses; otherwise 422 code 12 "Unable to find some users" (v8).
 */
export async function resolveRecipients(project: ProjectContext, to: unknown): Promise<MailAddress[]> {
  const entries = Array.isArray(to) ? to : [to];
  const resolved: Array<MailAddress | number> = entries.map((entry) => {
    if (typeof entry === 'number' || (typeof entry === 'string' && /^\d+$/.test(entry))) return Number(entry);
    if (typeof entry === 'string' && EMAIL_SHAPE.test(entry.trim())) return { address: entry.trim() };
    const { email, name } = (entry && typeof entry === 'object' ? entry : {}) as {
      email?: unknown;
      name?: unknown;
    };
    if (typeof email === 'string' && EMAIL_SHAPE.test(email.trim())) {
      return { address: email.trim(), ...(typeof name === 'string' && name ? { name } : {}) };
    }
    throw new ApiError('UNPROCESSABLE_ENTITY', 'Unable to find some users');
  });
  const ids = [...new Set(resolved.filter((entry): entry is number => typeof entry === 'number'))];
  const users = new Map<number, MailAddress>();
  if (ids.length) {
    const rows: Array<{ id: unknown; email: string; first_name: string | null; last_name: string | null }> =
      await project
        .knex('directus_users')
        .whereIn('id', ids)
        .where('status', 'active')
        .select('id', 'email', 'first_name', 'last_name');
    for (const row of rows) {
      const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
      users.set(Number(row.id), { address: row.email, ...(name ? { name } : {}) });
    }
    if (users.size !== ids.length) throw new ApiError('UNPROCESSABLE_ENTITY', 'Unable to find some users');
  }
  return resolved.map((entry) => (typeof entry === 'number' ? users.get(entry)! : entry));
}

/**
 * `POST /mail`: renders the body with `data` (Liquid, values escaped in HTML) and sends one message
 * to every recipient. The author is the caller unless `useDefaultEmail`; the configured sender
 * stays the envelope sender either way.
 */
export async function sendProjectMail(
  project: ProjectContext,
  accountability: Accountability,
  input: ProjectMailInput,
): Promise<void> {
  if (!mailEnabled(project.server)) {
    throw new ApiError('MAIL_TRANSPORT_NOT_FOUND', 'Mail is not configured on this server');
  }
  const to = await resolveRecipients(project, input.to);
  let rendered: string;
  try {
    rendered = await renderAdminBody(input.body, input.data, input.type);
  } catch (error) {
    throw new ApiError('INVALID_REQUEST', `body: ${(error as Error).message}`);
  }
  let from: MailAddress | undefined;
  if (!input.useDefaultEmail && accountability.user != null) {
    const caller = await project
      .knex('directus_users')
      .where('id', accountability.user)
      .first('email', 'first_name', 'last_name');
    if (caller?.email) {
      const name = [caller.first_name, caller.last_name].filter(Boolean).join(' ');
      from = { address: caller.email, ...(name ? { name } : {}) };
    }
  }
  await sendMail(project.server, {
    to,
    subject: input.subject,
    ...(input.type === 'html' ? { html: rendered } : { text: rendered }),
    ...(from ? { from } : {}),
  });
}
