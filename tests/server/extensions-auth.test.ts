import { startTestServer, type TestServer } from '../helpers/server';

describe('who may list interfaces, layouts and modules', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
    token = await server.login();
  });
  afterAll(async () => {
    await server.close();
  });

  it('needs a signed-in user of the project named by header, query or token', async () => {
    const anonymous = await server.inject({
      method: 'GET',
      url: '/interfaces',
      headers: { 'x-directus-project': 'test' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe(108);
    const noProject = await server.inject({ method: 'GET', url: '/interfaces' });
    expect(noProject.statusCode).toBe(401);
    expect(noProject.json().error.code).toBe(3);
    const byQuery = await server.inject({
      method: 'GET',
      url: `/layouts?project=test&access_token=${token}`,
    });
    expect(byQuery.statusCode).toBe(200);
    const byClaim = await server.inject({
      method: 'GET',
      url: '/modules',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byClaim.statusCode).toBe(200);
    expect(byClaim.json().public).toBeUndefined();
  });
});
