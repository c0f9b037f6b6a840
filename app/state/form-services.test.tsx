// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import type { FormServices } from '../../engine/components/contract';
import { appData, fakeApi, renderInApp } from '../screens/item/test-harness';
import { parseRouteKey } from '../paths';
import { useAppFormServices } from './form-services';
import type { Schema } from './types';

afterEach(cleanup);

const schema = {
  collections: {
    articles: { collection: 'articles', hidden: false, managed: true, single: false, note: null },
    directus_users: { collection: 'directus_users', hidden: false, managed: true, single: false, note: null },
  },
  fields: {},
  relations: [],
} as unknown as Schema;

function servicesFor(collection: string, key: string): FormServices {
  const { api } = fakeApi({ 'GET utils/2fa_secret': () => ({ '2fa_secret': 'ABCDEFGHIJKLMNOP' }) });
  let services: FormServices = {};
  function Probe() {
    services = useAppFormServices(collection, parseRouteKey(key));
    return null;
  }
  const { tree } = renderInApp(appData({ api, schema, userId: 7 }), '/demo', <Probe />);
  render(tree);
  return services;
}

describe('useAppFormServices', () => {
  it('lists the collections with display names and system flags', () => {
    const services = servicesFor('articles', '1');
    expect(services.collections?.()).toEqual([
      { collection: 'articles', name: 'Articles', system: false, hidden: false },
      { collection: 'directus_users', name: 'Users', system: true, hidden: false },
    ]);
    expect(services.newTwoFactorSecret).toBeUndefined();
  });

  it('offers a new two-factor secret on one’s own user record only', async () => {
    expect(await servicesFor('directus_users', 'me').newTwoFactorSecret?.()).toBe('ABCDEFGHIJKLMNOP');
    expect(servicesFor('directus_users', '7').newTwoFactorSecret).toBeDefined();
    expect(servicesFor('directus_users', '8').newTwoFactorSecret).toBeUndefined();
    expect(servicesFor('directus_users', '7,8').newTwoFactorSecret).toBeUndefined();
  });
});
