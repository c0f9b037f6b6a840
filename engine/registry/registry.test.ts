import { createCoreRegistry } from './core-registry';
import { coreDisplays } from '../displays/displays';
import { loadExtensionModules } from './registry';

const custom = (extra: Record<string, unknown> = {}) => ({
  id: 'code-input',
  name: 'Code',
  icon: 'code',
  types: ['string'],
  options: [{ field: 'hint', type: 'string', interface: 'text-input', default_value: 'XX-000' }],
  binding: { component: 'input', props: { placeholder: '$options.hint', monospace: true } },
  ...extra,
});

describe('DefinitionRegistry', () => {
  it('resolves core interfaces to their definition and component', () => {
    const registry = createCoreRegistry();
    const resolved = registry.resolveInterface('dropdown');
    expect(resolved.fallback).toBe(false);
    expect(resolved.definition.id).toBe('dropdown');
    expect(resolved.problem).toBeUndefined();
  });

  it('falls back to the plain text input for an unknown interface, and reports it', () => {
    const registry = createCoreRegistry();
    const resolved = registry.resolveInterface('toggle-icon-v7');
    expect(resolved).toMatchObject({
      fallback: true,
      definition: { id: 'text-input' },
      problem: 'Missing interface "toggle-icon-v7"',
    });
    expect(registry.problems()).toEqual([
      {
        kind: 'interface',
        id: 'toggle-icon-v7',
        message: 'Missing interface "toggle-icon-v7"',
        text: { id: 'interfaces.core.problem_missing', values: { id: 'toggle-icon-v7', kind: 'interface' } },
      },
    ]);
  });

  it('accepts a valid custom definition and rejects a broken one by name, which then falls back', () => {
    const registry = createCoreRegistry();
    const problems = registry.addDefinitions('interface', [
      custom(),
      custom({ id: 'broken', binding: { props: {} } }),
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0].id).toBe('broken');
    expect(problems[0].message).toBe('server interface "broken": binding.component: is required');
    expect(registry.resolveInterface('code-input').fallback).toBe(false);
    const broken = registry.resolveInterface('broken');
    expect(broken.fallback).toBe(true);
    expect(broken.problem).toContain('binding.component: is required');
  });

  it('treats a definition bound to an unknown component as broken', () => {
    const registry = createCoreRegistry();
    registry.addDefinitions('interface', [custom({ binding: { component: 'nowhere' } })]);
    const resolved = registry.resolveInterface('code-input');
    expect(resolved.fallback).toBe(true);
    expect(resolved.problem).toBe('The extension "code-input" failed to load: no component "nowhere"');
  });

  it('falls back to the table for an unknown layout', () => {
    const registry = createCoreRegistry();
    expect(registry.resolveLayout('tabular').fallback).toBe(false);
    expect(registry.resolveLayout('kanban')).toMatchObject({
      fallback: true,
      definition: { id: 'tabular' },
      problem: 'Missing layout "kanban"',
    });
  });

  it('falls back to plain text when an interface has no display', () => {
    const registry = createCoreRegistry();
    expect(registry.resolveDisplay('status').Component).toBe(coreDisplays.status);
    registry.addDefinitions('interface', [custom()]);
    expect(registry.resolveDisplay('code-input').Component).toBe(coreDisplays.text);
    expect(registry.resolveDisplay(null).Component).toBe(coreDisplays.text);
  });

  it('loads custom ES modules and marks a failing one broken', async () => {
    const registry = createCoreRegistry();
    registry.addDefinitions('interface', [
      custom({
        id: 'good',
        binding: { component: 'good-widget' },
        module_url: 'extensions/interfaces/good/input.js',
      }),
      custom({
        id: 'bad',
        binding: { component: 'bad-widget' },
        module_url: 'extensions/interfaces/bad/input.js',
      }),
    ]);
    const Widget = () => null;
    const problems = await loadExtensionModules(registry, async (url) => {
      if (url.includes('/bad/')) throw new Error('404');
      return { default: Widget };
    });
    expect(problems.map((p) => p.id)).toEqual(['bad']);
    expect(registry.resolveInterface('good').Component).toBe(Widget);
    expect(registry.resolveInterface('bad').fallback).toBe(true);
  });

  describe('fallback_interface of schemas/field-types.json', () => {
    it.each([
      [{ type: 'string', datatype: 'TEXT' }, 'textarea'],
      [{ type: 'string', datatype: 'longtext' }, 'textarea'],
      [{ type: 'string', datatype: 'VARCHAR' }, 'text-input'],
      [{ type: 'boolean', datatype: 'TINYINT' }, 'switch'],
      [{ type: 'boolean' }, 'switch'],
      [{ type: 'integer', datatype: 'INT' }, 'numeric'],
      [{ type: 'decimal', datatype: 'DOUBLE PRECISION' }, 'numeric'],
      [{ type: 'date', datatype: 'DATE' }, 'date'],
      [{ type: 'datetime', datatype: 'TIMESTAMP' }, 'datetime'],
      [{ type: 'time' }, 'time'],
      // An integer on a TINYINT column: field-types.json names the switch, which edits booleans only.
      [{ type: 'integer', datatype: 'TINYINT' }, 'text-input'],
      [{ type: 'o2m' }, 'text-input'],
    ])('a field %j without a usable interface gets %s', (field, expected) => {
      const registry = createCoreRegistry();
      for (const id of [null, 'no-such-interface']) {
        const resolved = registry.resolveInterface(id, field);
        expect(resolved.fallback).toBe(true);
        expect(resolved.definition.id).toBe(expected);
      }
    });

    it('also stands in for a definition whose component is missing, and says why in catalogue words', () => {
      const registry = createCoreRegistry();
      registry.addDefinitions('interface', [custom({ binding: { component: 'nowhere' } })]);
      const resolved = registry.resolveInterface('code-input', { type: 'string', datatype: 'TEXT' });
      expect(resolved.definition.id).toBe('textarea');
      expect(resolved.problemText).toEqual({
        id: 'interfaces.core.problem_no_component',
        values: { id: 'code-input', component: 'nowhere' },
      });
    });

    it('keeps a working interface as it is', () => {
      const resolved = createCoreRegistry().resolveInterface('slug', { type: 'string', datatype: 'TEXT' });
      expect(resolved).toMatchObject({ fallback: false, definition: { id: 'slug' } });
    });
  });
});
