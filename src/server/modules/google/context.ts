import { createSecretBox, createSigner } from '#server/auth/secret-box';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { createGoogleAccessTokens, type GoogleAccessTokens } from './access-token';
import { createGoogleOAuth } from './oauth';
import type { GoogleFlowDeps } from './service';

export interface GoogleContextDeps {
  config: Config;
  db: Db;
  clock: Clock;
}

export interface GoogleContext {
  flow: GoogleFlowDeps;
  /** For the gmail transport: a valid access token per user. */
  accessTokens: GoogleAccessTokens;
}

/** The Google pieces built once from the configuration; every key comes from SECRET_KEY. */
export function createGoogleContext({ config, db, clock }: GoogleContextDeps): GoogleContext {
  if (!config.secretKey) throw new Error('SECRET_KEY must be resolved before the app is built');
  const oauth = createGoogleOAuth(config, () => clock.now());
  const tokenBox = createSecretBox(config.secretKey, 'google-tokens');
  return {
    flow: {
      db,
      clock,
      oauth,
      tokenBox,
      flowBox: createSecretBox(config.secretKey, 'google-flow-cookie'),
      stateSigner: createSigner(config.secretKey, 'google-oauth-state'),
    },
    accessTokens: createGoogleAccessTokens({ db, clock, oauth, box: tokenBox }),
  };
}
