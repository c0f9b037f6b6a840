import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import { ApiError } from '../errors';

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

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one message over SMTP; any failure becomes 500 code 503 (the cause is not shown to callers). */
export async function sendMail(server: ServerConfig, mail: Mail): Promise<void> {
  if (!server.mail.smtpUrl) throw new ApiError('MAIL_NOT_SENT', 'Mail is not configured on this server');
  try {
    await transport(server.mail.smtpUrl).sendMail({ from: server.mail.from, ...mail });
  } catch {
    throw new ApiError('MAIL_NOT_SENT');
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The password-reset message: a link valid for `minutes`, usable once. */
export function passwordResetMail(input: {
  to: string;
  projectName: string;
  link: string;
  minutes: number;
}): Mail {
  const { projectName, link, minutes } = input;
  const subject = `${projectName}: reset your password`;
  const text = [
    'Someone asked to reset the password of your account. If it was you, open this link and choose a new password:',
    '',
    link,
    '',
    `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this message; your password stays as it is.`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>Someone asked to reset the password of your <strong>${escapeHtml(projectName)}</strong> account. If it was you, choose a new password here:</p>
<p><a href="${escapeHtml(link)}">Reset my password</a></p>
<p style="color:#555">The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this message; your password stays as it is.</p>
</body></html>`;
  return { to: input.to, subject, text, html };
}

/** Closes pooled SMTP connections (used when the server stops). */
export function closeMailTransports(): void {
  for (const t of transports.values()) t.close();
  transports.clear();
}
