/**
 * The relying party's errors, apart from it: the callback handler tells them by class, and must
 * not load openid-client (a few MB of resident memory) in a server without single sign-on.
 */

/** The provider could not be discovered: `serve` stops with this, naming the issuer. */
export class SsoDiscoveryError extends Error {
  override readonly name = 'SsoDiscoveryError';
}

/** Why the provider's answer was not accepted; `nonce` is a reason of its own for the page. */
export class SsoCallbackError extends Error {
  override readonly name = 'SsoCallbackError';

  constructor(
    message: string,
    readonly reason: 'nonce_mismatch' | 'invalid_answer',
  ) {
    super(message);
  }
}
