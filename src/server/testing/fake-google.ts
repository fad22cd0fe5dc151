import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  json,
  oauthError,
  readBody,
  readMultipartUpload,
  type FakeGmailMessage,
  type FakeGoogleAccount,
  type GmailBehaviour,
} from './fake-google-protocol';

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  account: FakeGoogleAccount;
  scope: string;
  isUsed: boolean;
}

export const FAKE_CLIENT_ID = 'fake-client-id.apps.googleusercontent.com';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';
export const FAKE_SCOPES = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/gmail.send'];

const randomId = (bytes = 18) => randomBytes(bytes).toString('base64url');

/**
 * A small Google on loopback that speaks the real protocol: the authorize redirect with code and state, the token
 * endpoint (authorization_code with PKCE S256 verification, refresh_token), userinfo with a bearer token, and the
 * Gmail media upload of users.messages.send. Switches let tests provoke cancelled consent, invalid_grant, 429, 5xx,
 * and a Gmail that takes the message and never answers or drops the connection.
 */
export async function startFakeGoogle(options: { port?: number; clientId?: string; clientSecret?: string } = {}) {
  const clientId = options.clientId ?? FAKE_CLIENT_ID;
  const clientSecret = options.clientSecret ?? FAKE_CLIENT_SECRET;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { account: FakeGoogleAccount; expiresAt: number }>();
  const refreshTokens = new Map<string, { account: FakeGoogleAccount; scope: string }>();
  const sockets = new Set<Socket>();

  const fake = {
    url: '',
    /** Who signs in at the next /authorize. */
    account: {
      sub: '100000000000000000001',
      email: 'admin@agency.test',
      email_verified: true,
      given_name: 'Ada',
    } as FakeGoogleAccount,
    /** When set, /authorize sends this error back (e.g. 'access_denied' for a cancelled consent). */
    authorizeError: null as string | null,
    /** The scope granted (a user may untick Gmail on the consent page). */
    grantedScope: FAKE_SCOPES.join(' '),
    /**
     * When true, the token endpoint takes a code again that it already exchanged (Google refuses it): so a test shows
     * that the app's own callback refuses a replay, not Google.
     */
    acceptsUsedCodes: false,
    /** When set, every refresh_token grant answers this OAuth error (e.g. 'invalid_grant' for a revoked grant). */
    refreshError: null as string | null,
    accessTokenLifetimeSeconds: 3599,
    /** Consumed one per Gmail request; an empty queue means 200 with a message id. */
    gmailBehaviours: [] as GmailBehaviour[],
    authorizeRequests: [] as URLSearchParams[],
    tokenRequests: [] as { grantType: string; params: URLSearchParams; clientAuth: 'basic' | 'post' }[],
    gmailRequests: 0,
    sentMessages: [] as FakeGmailMessage[],
    refreshTokensOf(email: string) {
      return [...refreshTokens.entries()].filter(([, grant]) => grant.account.email === email).map(([token]) => token);
    },
    reset() {
      fake.authorizeError = null;
      fake.acceptsUsedCodes = false;
      fake.refreshError = null;
      fake.grantedScope = FAKE_SCOPES.join(' ');
      fake.gmailBehaviours = [];
      fake.authorizeRequests = [];
      fake.tokenRequests = [];
      fake.gmailRequests = 0;
      fake.sentMessages = [];
    },
    close: (): Promise<void> => Promise.resolve(),
  };

  const bearerAccount = (req: IncomingMessage) => {
    const token = req.headers.authorization?.match(/^Bearer (\S+)$/)?.[1];
    const grant = token ? accessTokens.get(token) : undefined;
    return grant && grant.expiresAt > Date.now() ? grant.account : undefined;
  };

  function authorize(url: URL, res: ServerResponse) {
    const params = url.searchParams;
    fake.authorizeRequests.push(params);
    const redirectUri = params.get('redirect_uri');
    if (params.get('client_id') !== clientId || !redirectUri) {
      res
        .writeHead(400, { 'Content-Type': 'text/plain' })
        .end('Error 400: invalid_request (unknown client or missing redirect_uri)');
      return;
    }
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (state !== null) back.searchParams.set('state', state);
    const problem =
      params.get('response_type') !== 'code'
        ? 'unsupported_response_type'
        : params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')
          ? 'invalid_request'
          : fake.authorizeError;
    if (problem) {
      back.searchParams.set('error', problem);
    } else {
      const code = `4/${randomId()}`;
      codes.set(code, {
        clientId,
        redirectUri,
        codeChallenge: params.get('code_challenge')!,
        account: { ...fake.account },
        scope: fake.grantedScope,
        isUsed: false,
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', fake.grantedScope);
    }
    res.writeHead(302, { Location: back.toString() }).end();
  }

  function issueAccessToken(account: FakeGoogleAccount) {
    const accessToken = `ya29.${randomId(24)}`;
    accessTokens.set(accessToken, { account, expiresAt: Date.now() + fake.accessTokenLifetimeSeconds * 1000 });
    return accessToken;
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const params = new URLSearchParams((await readBody(req)).toString('utf8'));
    const basic = req.headers.authorization?.match(/^Basic (\S+)$/)?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [params.get('client_id'), params.get('client_secret')];
    const grantType = params.get('grant_type') ?? '';
    fake.tokenRequests.push({ grantType, params, clientAuth: basic ? 'basic' : 'post' });
    if (id !== clientId || secret !== clientSecret)
      return oauthError(res, 401, 'invalid_client', 'The OAuth client was not found.');

    if (grantType === 'authorization_code') {
      const issued = codes.get(params.get('code') ?? '');
      if (!issued || (issued.isUsed && !fake.acceptsUsedCodes))
        return oauthError(res, 400, 'invalid_grant', 'Malformed auth code.');
      issued.isUsed = true;
      if (params.get('redirect_uri') !== issued.redirectUri)
        return oauthError(res, 400, 'redirect_uri_mismatch', 'Bad Request');
      const verifier = params.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== issued.codeChallenge) return oauthError(res, 400, 'invalid_grant', 'Invalid code verifier.');
      const refreshToken = `1//${randomId(32)}`;
      refreshTokens.set(refreshToken, { account: issued.account, scope: issued.scope });
      return json(res, 200, {
        access_token: issueAccessToken(issued.account),
        expires_in: fake.accessTokenLifetimeSeconds,
        refresh_token: refreshToken,
        scope: issued.scope,
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(params.get('refresh_token') ?? '');
      if (fake.refreshError) return oauthError(res, 400, fake.refreshError, 'Token has been expired or revoked.');
      if (!grant) return oauthError(res, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return json(res, 200, {
        access_token: issueAccessToken(grant.account),
        expires_in: fake.accessTokenLifetimeSeconds,
        scope: grant.scope,
        token_type: 'Bearer',
      });
    }
    return oauthError(res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType}`);
  }

  function userinfo(req: IncomingMessage, res: ServerResponse) {
    const account = bearerAccount(req);
    if (!account) return json(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    return json(res, 200, { email_verified: true, ...account });
  }

  async function gmailSend(req: IncomingMessage, res: ServerResponse, url: URL) {
    fake.gmailRequests++;
    const raw = await readBody(req);
    const account = bearerAccount(req);
    if (!account) {
      return json(res, 401, {
        error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
      });
    }
    const contentType = req.headers['content-type'] ?? '';
    const uploadType = url.searchParams.get('uploadType');
    const multipart = uploadType === 'multipart' ? readMultipartUpload(contentType, raw) : null;
    if (uploadType === 'multipart' ? !multipart : uploadType !== 'media' || !contentType.startsWith('message/rfc822')) {
      return json(res, 400, { error: { code: 400, message: 'Media type not supported.', status: 'INVALID_ARGUMENT' } });
    }
    const behaviour = fake.gmailBehaviours.shift();
    const id = randomBytes(8).toString('hex');
    const threadId = multipart?.metadata.threadId ?? id;
    if (!behaviour || 'hang' in behaviour || 'drop' in behaviour) {
      // Taken: in the hang and drop cases Gmail may well have sent it, which is what makes them uncertain.
      fake.sentMessages.push({
        raw: multipart?.raw ?? raw,
        sender: account.email,
        contentType: req.headers['content-type'],
        id,
        threadId,
      });
    }
    if (!behaviour) return json(res, 200, { id, threadId, labelIds: ['SENT'] });
    if ('hang' in behaviour) return;
    if ('drop' in behaviour) return req.socket.destroy();
    const headers: Record<string, string> = behaviour.retryAfter ? { 'Retry-After': behaviour.retryAfter } : {};
    return json(
      res,
      behaviour.status,
      behaviour.body ?? { error: { code: behaviour.status, message: `Fake Gmail answered ${behaviour.status}.` } },
      headers,
    );
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string) {
    if (path === '/_fake/health') return json(res, 200, { ok: true });
    if (path === '/_fake/account' && req.method === 'POST') {
      fake.account = JSON.parse((await readBody(req)).toString('utf8')) as FakeGoogleAccount;
      return json(res, 200, fake.account);
    }
    if (path === '/_fake/authorize-error' && req.method === 'POST') {
      fake.authorizeError = (JSON.parse((await readBody(req)).toString('utf8')) as { error: string | null }).error;
      return json(res, 200, { error: fake.authorizeError });
    }
    if (path === '/_fake/sent') {
      return json(
        res,
        200,
        fake.sentMessages.map((message) => ({
          sender: message.sender,
          id: message.id,
          raw: message.raw.toString('base64'),
        })),
      );
    }
    return json(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    // One connection per request: no client can pick a kept-alive socket that the server is just closing (ECONNRESET).
    res.setHeader('Connection', 'close');
    const url = new URL(req.url ?? '/', 'http://fake-google');
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === 'GET /authorize') return authorize(url, res);
      if (route === 'POST /token') return token(req, res);
      if (route === 'GET /userinfo') return userinfo(req, res);
      if (route === 'POST /upload/gmail/v1/users/me/messages/send') return gmailSend(req, res, url);
      if (url.pathname.startsWith('/_fake/')) return control(req, res, url.pathname);
      return json(res, 404, { error: { code: 404, message: `Not found: ${route}` } });
    };
    handle().catch((error: Error) => {
      if (!res.headersSent) json(res, 500, { error: error.message });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return fake;
}

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

/** The environment that points the app at this fake. */
export function fakeGoogleEnv(fake: { url: string }): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: FAKE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: FAKE_CLIENT_SECRET,
    GOOGLE_AUTH_URL: `${fake.url}/authorize`,
    GOOGLE_TOKEN_URL: `${fake.url}/token`,
    GOOGLE_USERINFO_URL: `${fake.url}/userinfo`,
    GMAIL_API_URL: fake.url,
  };
}
