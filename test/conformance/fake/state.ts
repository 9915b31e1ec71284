import { randomBytes } from 'node:crypto';
import { JWT_CLIENT_METADATA_URL, jwtClientDocuments } from './client-assertion.js';
import { FakeSurveys } from './confirmations.js';
import { FakeElicitations } from './legacy-elicitation.js';

export interface FakeUser {
  readonly id: string;
  readonly email: string;
  /** Empty for an account that signs in with single sign-on only. */
  readonly password: string;
  readonly name: string;
}

export const ALICE: FakeUser = { id: 'usr_alice', email: 'alice@example.com', password: 'survey-demo', name: 'Alice' };
const CAROL: FakeUser = { id: 'usr_carol', email: 'carol@example.com', password: 'survey-demo', name: 'Carol' };
/** An account of the platform's single sign-on alone: no password signs it in (--sso-only-email). */
export const SSO_ONLY: FakeUser = { id: 'usr_sso_only', email: 'sso-only@example.com', password: '', name: 'Sam SSO' };
export const USERS: readonly FakeUser[] = [ALICE, CAROL, SSO_ONLY];

export interface FakeClient {
  readonly clientId: string;
  readonly record: Record<string, unknown>;
  readonly redirectUris: readonly string[];
}

export interface FakeSession {
  readonly csrf: string;
  userId?: string;
}

export interface FakeCode {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly challenge: string | undefined;
  readonly method: string;
  readonly userId: string;
  used: boolean;
  grantId?: string;
}

export interface FakeGrant {
  readonly userId: string;
  readonly clientId: string;
  revoked: boolean;
}

export interface FakeAccessToken {
  readonly userId: string;
  /** The refresh token handed out in the same answer. */
  readonly issuedWith?: string;
  readonly grantId: string | undefined;
  readonly scope: string;
  readonly expiresAt: number;
  revoked: boolean;
}

export interface FakeRefreshToken {
  readonly grantId: string;
  spent: boolean;
  revoked: boolean;
  /** Issued by a rotation (not with the code). */
  readonly rotated?: boolean;
  /** When it was spent, and the refresh token it was rotated into: a retry within the grace gets that one. */
  spentAt?: number;
  successor?: string;
}

export function randomId(prefix = ''): string {
  return `${prefix}${randomBytes(16).toString('base64url')}`;
}

/** Client metadata documents QA would host; the fake reads them from here instead of fetching. */
export const CLIENT_METADATA_URL = 'https://client.example/oauth/conformance.json';
export const BAD_CLIENT_METADATA_URL = 'https://client.example/oauth/mismatched.json';

const metadataDocument = (clientId: string) => ({
  client_id: clientId,
  client_name: 'survey-mcp conformance (metadata document)',
  redirect_uris: ['http://127.0.0.1:33418/callback'],
  token_endpoint_auth_method: 'none',
});

/** Everything the fake remembers, in memory. */
export class FakeState {
  readonly clients = new Map<string, FakeClient>();
  readonly metadataDocuments = new Map<string, Record<string, unknown>>([
    [CLIENT_METADATA_URL, metadataDocument(CLIENT_METADATA_URL)],
    [BAD_CLIENT_METADATA_URL, metadataDocument('https://client.example/oauth/someone-else.json')],
    ...jwtClientDocuments(metadataDocument(JWT_CLIENT_METADATA_URL).redirect_uris),
  ]);
  readonly clientIdsByRegistration = new Map<string, string>();
  readonly sessions = new Map<string, FakeSession>();
  readonly codes = new Map<string, FakeCode>();
  readonly grants = new Map<string, FakeGrant>();
  readonly accessTokens = new Map<string, FakeAccessToken>();
  readonly refreshTokens = new Map<string, FakeRefreshToken>();
  /** People whose client's last initialize offered MCP Apps, as a stateful server keeps it per session. */
  readonly appHosts = new Set<string>();
  /** A 2026-07-28 server/discover was answered: one fault refuses initialize from then on. */
  modernDiscovered = false;
  /** The scratch surveys a runner creates to check confirmations. */
  readonly surveys = new FakeSurveys();
  /** 2025-11-25 clients that declared elicitation, and the calls waiting for their person. */
  readonly elicitations = new FakeElicitations();

  /** A token of another platform service: valid, but not for the MCP host. */
  readonly foreignToken = randomId('foreign_');

  constructor() {
    this.accessTokens.set(this.foreignToken, {
      userId: ALICE.id,
      grantId: undefined,
      scope: 'reporting',
      expiresAt: Date.now() + 3_600_000,
      revoked: false,
    });
  }

  /** The live access token, or undefined when unknown, revoked, expired or of a revoked grant. */
  liveAccessToken(token: string, acceptExpired: boolean): FakeAccessToken | undefined {
    const record = this.accessTokens.get(token);
    if (!record || record.revoked) return undefined;
    if (record.grantId && this.grants.get(record.grantId)?.revoked) return undefined;
    if (!acceptExpired && Date.now() >= record.expiresAt) return undefined;
    return record;
  }

  /** Who presents `token`: its person and OAuth client, as survey-mcp keeps what a client declared. */
  holderOf(token: string): string {
    const record = this.accessTokens.get(token);
    const grant = record?.grantId ? this.grants.get(record.grantId) : undefined;
    return `${record?.userId ?? ''} ${grant?.clientId ?? ''}`;
  }

  revokeAccessTokensOf(grantId: string | undefined): void {
    for (const token of this.accessTokens.values()) if (token.grantId === grantId) token.revoked = true;
  }

  /** A refresh token and the access token issued with it, its grant left live (a fault's revocation). */
  revokeRefreshTokenAlone(refreshToken: string): void {
    const record = this.refreshTokens.get(refreshToken);
    if (record) record.revoked = true;
    for (const token of this.accessTokens.values()) if (token.issuedWith === refreshToken) token.revoked = true;
  }

  revokeGrant(grantId: string | undefined): void {
    const grant = grantId ? this.grants.get(grantId) : undefined;
    if (grant) grant.revoked = true;
  }
}
