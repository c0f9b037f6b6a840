import { createHash, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

export const CLIENT = { id: 'octavo-client', secret: 'octavo-client-secret' };

interface Grant {
  email: string;
  redirectUri: string;
  challenge?: string;
  nonce?: string;
  openid: boolean;
}

export interface TestOAuthProvider {
  /** http://127.0.0.1:<port> — also the OIDC issuer. */
  url: string;
  /** The email of the person who "signs in" at the provider next. */
  email: string;
  /** Set to false to make the ID token claim an unverified email. */
  emailVerified: boolean;
  close(): Promise<void>;
}

/**
 * A small OAuth2 / OpenID Connect provider on 127.0.0.1: authorize (signs in `email` at once and
 * redirects back with a code), token (checks client, redirect URI and PKCE), userinfo, and for
 * OIDC the discovery document, JWKS and an RS256 ID token carrying the nonce.
 */
export async function startOAuthProvider(): Promise<TestOAuthProvider> {
  const app = Fastify({ logger: false });
  await app.register(formbody);
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, string>();
  const state = { url: '', email: 'nobody@example.com', emailVerified: true };

  app.get('/.well-known/openid-configuration', async () => ({
    issuer: state.url,
    authorization_endpoint: `${state.url}/authorize`,
    token_endpoint: `${state.url}/token`,
    userinfo_endpoint: `${state.url}/userinfo`,
    jwks_uri: `${state.url}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  }));
  app.get('/jwks', async () => ({ keys: [jwk] }));

  app.get('/authorize', async (request, reply) => {
    const q = request.query as Record<string, string>;
    if (q.client_id !== CLIENT.id || q.response_type !== 'code' || !q.redirect_uri) {
      return reply.code(400).send({ error: 'invalid_request' });
    }
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      email: state.email,
      redirectUri: q.redirect_uri,
      challenge: q.code_challenge,
      nonce: q.nonce,
      openid: (q.scope ?? '').split(' ').includes('openid'),
    });
    const back = new URL(q.redirect_uri);
    back.searchParams.set('code', code);
    if (q.state) back.searchParams.set('state', q.state);
    return reply.redirect(back.toString(), 302);
  });

  app.post('/token', async (request, reply) => {
    const body = request.body as Record<string, string>;
    let clientId = body.client_id;
    let clientSecret = body.client_secret;
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1], 'base64').toString().split(':').map(decodeURIComponent);
      clientId = id;
      clientSecret = secret;
    }
    const grant = codes.get(body.code);
    codes.delete(body.code);
    if (clientId !== CLIENT.id || clientSecret !== CLIENT.secret)
      return reply.code(401).send({ error: 'invalid_client' });
    if (!grant || grant.redirectUri !== body.redirect_uri)
      return reply.code(400).send({ error: 'invalid_grant' });
    if (grant.challenge) {
      const expected = createHash('sha256')
        .update(body.code_verifier ?? '')
        .digest('base64url');
      if (expected !== grant.challenge) return reply.code(400).send({ error: 'invalid_grant' });
    }
    const accessToken = randomBytes(16).toString('hex');
    tokens.set(accessToken, grant.email);
    const answer: Record<string, unknown> = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 300,
    };
    if (grant.openid) {
      answer.id_token = await new SignJWT({
        email: grant.email,
        email_verified: state.emailVerified,
        ...(grant.nonce ? { nonce: grant.nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(state.url)
        .setSubject(`sub-${grant.email}`)
        .setAudience(CLIENT.id)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
    }
    return answer;
  });

  app.get('/userinfo', async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const email = token ? tokens.get(token) : undefined;
    if (!email) return reply.code(401).send({ error: 'invalid_token' });
    return { sub: `sub-${email}`, email };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  state.url = `http://127.0.0.1:${address.port}`;
  return {
    get url() {
      return state.url;
    },
    get email() {
      return state.email;
    },
    set email(value: string) {
      state.email = value;
    },
    get emailVerified() {
      return state.emailVerified;
    },
    set emailVerified(value: boolean) {
      state.emailVerified = value;
    },
    close: () => app.close(),
  };
}
