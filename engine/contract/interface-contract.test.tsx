// @vitest-environment jsdom
import { useEffect } from 'react';
import type { InterfaceComponentProps } from '../components/contract';
import { useEngineT } from '../i18n';
import type { InterfaceDefinition } from '../types';
import { contractRegistry, englishWords, interfaceContractChecks, isValueOfType } from './interface-contract';

/** A custom interface as an integrator would write it: a definition plus a component. */
const definition: InterfaceDefinition = {
  id: 'shout',
  name: 'Shout',
  icon: 'campaign',
  types: ['string'],
  recommended: { datatype: 'VARCHAR', length: 100 },
  options: [{ field: 'suffix', name: 'Suffix', type: 'string', interface: 'text-input', default_value: '!' }],
  binding: { component: 'shout-input', props: { suffix: '$options.suffix' } },
  display: { component: 'text' },
};

function Shout(props: InterfaceComponentProps) {
  const t = useEngineT();
  return (
    <input
      id={props.id}
      value={typeof props.value === 'string' ? props.value : ''}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      title={t('extensions.shout.hint')}
      onChange={(event) => props.onChange(event.target.value.toUpperCase())}
    />
  );
}

/** The same with the mistakes the contract exists to catch. */
function SloppyShout(props: InterfaceComponentProps) {
  useEffect(() => props.onChange(String(props.value ?? '').toUpperCase()), []); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <input
      id={props.id}
      value={typeof props.value === 'string' ? props.value : ''}
      placeholder="Type something loud"
      onChange={(event) => props.onChange(event.target.value.length)}
    />
  );
}

describe('the interface contract on a custom extension', () => {
  const registry = contractRegistry({ definition, component: Shout });
  for (const check of interfaceContractChecks(definition, registry)) it(check.name, check.run, 20_000);
});

describe('the interface contract catches a sloppy extension', () => {
  const registry = contractRegistry({ definition, component: SloppyShout });
  const checks = new Map(interfaceContractChecks(definition, registry).map((check) => [check.name, check]));
  it.each([
    'type string: emits nothing on mount, only values of its type, and round-trips',
    'read-only: no enabled control, no emission',
    'batch-blocked: no enabled control, no emission until activated',
    'uses no hard-coded English',
  ])('fails "%s"', async (name) => {
    await expect(checks.get(name)!.run()).rejects.toThrow();
  });
});

describe('contract helpers', () => {
  it('keeps JSON types apart', () => {
    expect(isValueOfType('integer', 4)).toBe(true);
    expect(isValueOfType('integer', '4')).toBe(false);
    expect(isValueOfType('json', { a: 1 })).toBe(true);
    expect(isValueOfType('json', '{"a":1}')).toBe(false);
    expect(isValueOfType('array', ['a'])).toBe(true);
    expect(isValueOfType('array', 'a,b')).toBe(false);
    expect(isValueOfType('string', 'a,b')).toBe(true);
    expect(isValueOfType('boolean', 1)).toBe(false);
    expect(isValueOfType('date', '2024-01-02')).toBe(true);
    expect(isValueOfType('datetime', '2024-01-02')).toBe(false);
    expect(isValueOfType('anything', null)).toBe(true);
  });

  it('finds English words outside message ids, values and definition strings', () => {
    expect(englishWords('interfaces.core.clear {"label":"Title"}', [])).toEqual([]);
    expect(englishWords('Enter a value', ['value'])).toEqual(['Enter']);
    expect(englishWords('Published', ['Published'])).toEqual([]);
    expect(englishWords('5/17/2024, 1:45:00 PM', [])).toEqual([]);
  });
});

describe('locale data from Intl is not hard-coded English, narrowly', () => {
  const may = new Intl.DateTimeFormat(undefined, { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(2024, 4, 1),
  );
  const french = new Intl.DisplayNames(undefined, { type: 'language' }).of('fr-FR')!;
  /** A component showing Intl's words, marked or not, with or without a word of its own. */
  const showing = (marked: boolean, own = '') =>
    function LocaleShout(props: InterfaceComponentProps) {
      const mark = marked ? { 'data-locale-text': true } : {};
      return (
        <div>
          <input id={props.id} disabled={props.disabled} value="" onChange={() => {}} />
          <span {...mark}>{`${may} ${own}`.trim()}</span>
          <span {...mark} aria-label={`${french} ${own}`.trim()}>
            <code>fr-FR</code>
          </span>
        </div>
      );
    };
  const run = (component: ReturnType<typeof showing>) =>
    interfaceContractChecks(definition, contractRegistry({ definition, component }))
      .find((check) => check.name === 'uses no hard-coded English')!
      .run();

  it('accepts month names and a shown tag with its language name in marked elements', async () => {
    await expect(run(showing(true))).resolves.toBeUndefined();
  });
  it('flags the same words when no element marks them as locale data', async () => {
    await expect(run(showing(false))).rejects.toThrow(/May|French/);
  });
  it('flags a word of the interface inside a marked element', async () => {
    await expect(run(showing(true, 'chosen'))).rejects.toThrow(/chosen/);
  });
});
