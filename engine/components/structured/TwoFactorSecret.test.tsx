// @vitest-environment jsdom
import '../../../app/shell/catalog'; // the signed-in app's messages, as PrivateApp registers them
import { cleanup, screen } from '@testing-library/react';
import type { FieldDefinition } from '../../types';
import { otpauthUrl } from './TwoFactorSecret';
import { enUS, makeIntl } from '../../../app/i18n';
import { renderForm, setTranslate } from './test-host';

const intl = makeIntl('en-US', enUS);
setTranslate((id, values) => intl.formatMessage({ id }, values));

afterEach(cleanup);

const secretField: FieldDefinition = {
  field: '2fa_secret',
  name: '2FA Secret',
  type: 'string',
  interface: '2fa-secret',
  readonly: true,
};

describe('2fa-secret', () => {
  it('generates a secret on one’s own record, masked until revealed', async () => {
    const newTwoFactorSecret = vi.fn(async () => 'JBSWY3DPEHPK3PXP');
    // On one's own record the app makes the system field writable and provides the generator.
    const { user, latest } = renderForm(
      [{ ...secretField, readonly: false }],
      { email: 'ada@example.com' },
      {
        services: { newTwoFactorSecret },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Generate a secret' }));
    expect(latest()['2fa_secret']).toBe('JBSWY3DPEHPK3PXP');
    expect(screen.getByText(otpauthUrl('ada@example.com', 'JBSWY3DPEHPK3PXP'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide the secret' }));
    expect(screen.queryByText('JBSWY3DPEHPK3PXP')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Discard the new secret' }));
    expect(latest()['2fa_secret']).toBeNull();
  });

  it('offers nothing while read-only, even with the service', async () => {
    renderForm([secretField], {}, { services: { newTwoFactorSecret: vi.fn(async () => 'X') } });
    expect(await screen.findByText('A saved secret is never shown again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate a secret' })).toBeNull();
  });

  it('offers no generator without the service (another user’s record)', async () => {
    renderForm([secretField], {});
    expect(await screen.findByText('A saved secret is never shown again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Generate a secret' })).toBeNull();
  });
});
