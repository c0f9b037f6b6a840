/** The addresses typed into the invite dialog: split on commas, semicolons and white space, de-duplicated. */
export function parseEmails(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    const email = part.trim();
    if (!email || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    out.push(email);
  }
  return out;
}

/** The server's email rule (server/services/invitations.ts): one `@`, no spaces or separators. */
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 128 && EMAIL.test(value);
}
