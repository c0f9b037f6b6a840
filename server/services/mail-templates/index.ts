import { join } from 'node:path';
import { Liquid } from 'liquidjs';
import { ROOT } from '../../paths';

const root = join(ROOT, 'server', 'services', 'mail-templates');

/** Templates of mails whose body is HTML: every value is HTML-escaped on output. */
const htmlEngine = new Liquid({ root, extname: '.liquid', outputEscape: 'escape', strictFilters: true });
const textEngine = new Liquid({ root, extname: '.liquid', strictFilters: true });

/** Renders `<name>.txt.liquid` and `<name>.html.liquid` from this folder with the same values. */
export async function renderMailTemplate(
  name: string,
  values: Record<string, unknown>,
): Promise<{ text: string; html: string }> {
  const [text, html] = await Promise.all([
    textEngine.renderFile(join(root, `${name}.txt.liquid`), values),
    htmlEngine.renderFile(join(root, `${name}.html.liquid`), values),
  ]);
  return { text: String(text).trim() + '\n', html: String(html) };
}

/**
 * Renders a body an administrator wrote (`POST /mail`) with its `data`. Values are escaped in
 * HTML bodies; the template itself is sent as written. An empty in-memory template set keeps
 * `{% include %}` / `{% render %}` away from the server's files; limits keep a template from
 * running away with time or memory.
 */
export async function renderAdminBody(
  body: string,
  data: Record<string, unknown>,
  type: 'html' | 'plain',
): Promise<string> {
  const engine = new Liquid({
    templates: {},
    outputEscape: type === 'html' ? 'escape' : undefined,
    parseLimit: 1_000_000,
    renderLimit: 2_000,
    memoryLimit: 10_000_000,
  });
  return String(await engine.parseAndRender(body, data));
}
