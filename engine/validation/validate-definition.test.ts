import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateDefinition } from './validate-definition';
import { buildValidatorsSource, GENERATED_FILE } from './build-validators';

const schemasDir = fileURLToPath(new URL('../../schemas/', import.meta.url));
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
const interfaceFiles = readdirSync(`${schemasDir}interfaces`).filter((name) => name.endsWith('.json'));
const textInput = () => read(`${schemasDir}interfaces/text-input.json`);

describe('core definitions', () => {
  it('ships every interface the demo and system forms need', () => {
    const ids = interfaceFiles.map((name) => name.replace(/\.json$/, '')).sort();
    // At least these (the families of issue #11 add more).
    expect(ids).toEqual(
      expect.arrayContaining([
        'primary-key',
        'text-input',
        'textarea',
        'numeric',
        'toggle',
        'switch',
        'checkboxes',
        'datetime',
        'date',
        'time',
        'dropdown',
        'radio-buttons',
        'status',
        'slug',
        'sort',
        'many-to-one',
        'one-to-many',
        'datetime-created',
        'datetime-updated',
        'owner',
        'user-updated',
        'user',
        'json',
        'hashed',
        'password',
        'divider',
        'tags',
        'color',
        'file',
      ]),
    );
  });

  it.each(interfaceFiles)(
    'interfaces/%s validates, its id matches its file, and it has a display',
    (name) => {
      const definition = read(`${schemasDir}interfaces/${name}`);
      expect(validateDefinition('interface', definition, name)).toEqual({ valid: true, errors: [] });
      expect(`${definition.id}.json`).toBe(name);
      expect(definition.display?.component).toBeTruthy();
    },
  );

  it('the tabular layout validates', () => {
    expect(
      validateDefinition('layout', read(`${schemasDir}layouts/tabular.json`), 'tabular.json').valid,
    ).toBe(true);
  });

  it('keeps v8 option defaults (schema-v8 §4.2)', () => {
    const defaults = (id: string) =>
      Object.fromEntries(
        read(`${schemasDir}interfaces/${id}.json`).options.map((o: any) => [o.field, o.default_value]),
      );
    expect(defaults('text-input')).toMatchObject({ trim: true, showCharacterCount: true, monospace: false });
    expect(defaults('many-to-one')).toMatchObject({ threshold: 20 });
    expect(defaults('password')).toMatchObject({
      hide: true,
      hashingType: 'core',
      placeholder: 'Enter a password...',
    });
    expect(defaults('divider')).toMatchObject({
      style: 'large',
      title: 'A Section Title',
      hr: true,
      margin: true,
    });
    expect(defaults('color').palette).toHaveLength(12);
    expect(read(`${schemasDir}interfaces/status.json`).recommended).toMatchObject({
      default_value: 'draft',
      length: 20,
    });
  });
});

describe('malformed definitions', () => {
  it('names the file and the missing field', () => {
    const { binding: _binding, ...definition } = textInput();
    const check = validateDefinition('interface', definition, 'my-input.json');
    expect(check.valid).toBe(false);
    expect(check.errors).toContain('my-input.json: binding: is required');
  });

  it('names the option (by index and field name) and the bad attribute', () => {
    const definition = textInput();
    definition.options[1].width = 'wide';
    const check = validateDefinition('interface', definition, 'my-input.json');
    expect(check.errors).toHaveLength(1);
    expect(check.errors[0]).toMatch(/^my-input\.json: options\[1\] \(trim\)\.width: must be one of "half"/);
  });

  it('rejects unknown field types, unknown properties and bad ids', () => {
    const definition = { ...textInput(), id: 'Bad Id', types: ['strnig'], colour: 'red' };
    const errors = validateDefinition('interface', definition, 'x.json').errors;
    expect(errors).toContain('x.json: colour: is not a known property');
    expect(errors.some((e) => e.startsWith('x.json: types[0]: must be one of "alias"'))).toBe(true);
    expect(errors.some((e) => e.startsWith('x.json: id: does not match the pattern'))).toBe(true);
  });

  it('rejects an option defined twice', () => {
    const definition = textInput();
    definition.options.push({ ...definition.options[0] });
    expect(validateDefinition('interface', definition, 'x.json').errors).toEqual([
      'x.json: options[7] (placeholder).field: is defined twice',
    ]);
  });

  it('rejects a layout without a component or with a malformed view query field', () => {
    const layout = read(`${schemasDir}layouts/tabular.json`);
    delete layout.component;
    layout.view_query[0].required = 'yes';
    const errors = validateDefinition('layout', layout, 'grid.json').errors;
    expect(errors).toContain('grid.json: component: is required');
    expect(
      errors.some((e) => e.startsWith('grid.json: view_query[0] (fields).required: must be one of')),
    ).toBe(true);
  });
});

describe('precompiled validators', () => {
  it('are up to date with the meta-schemas (run `npx tsx engine/validation/build-validators.ts`)', async () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(await buildValidatorsSource());
  });

  it('need no run-time compilation (no eval, no Function, no require)', () => {
    const source = readFileSync(GENERATED_FILE, 'utf8');
    expect(source).not.toMatch(/new Function|eval\(|require\(/);
  });
});
