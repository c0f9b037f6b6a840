import { buildRegistry } from './hydrate';

describe('buildRegistry and the server’s extension warnings', () => {
  it('marks a custom definition the server skipped as broken, with the server’s reason', async () => {
    const { registry, problems } = await buildRegistry(
      {
        interfaces: [],
        layouts: [],
        extensionWarnings: [
          'extensions/interfaces/not-json/not-json.json: not valid JSON (Unexpected token)',
          'extensions/interfaces/text-input/text-input.json: id: "text-input" is a core interface and cannot be replaced',
          'extensions/layouts/board/board.json: component: is required',
        ],
      },
      '/',
    );
    expect(problems.map((p) => [p.kind, p.id])).toEqual([
      ['interface', 'not-json'],
      ['layout', 'board'],
    ]);
    const resolved = registry.resolveInterface('not-json');
    expect(resolved.fallback).toBe(true);
    expect(resolved.problem).toBe(
      'The extension "not-json" failed to load: extensions/interfaces/not-json/not-json.json: not valid JSON (Unexpected token)',
    );
    // The core interface named in a warning stays as it is.
    expect(registry.resolveInterface('text-input').fallback).toBe(false);
  });
});
