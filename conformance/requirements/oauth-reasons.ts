/**
 * Why a sentence of RFC 9207, 9700 or 9728 cannot be observed from outside a deployment: the
 * reasons the three files share, so that the same cause reads the same everywhere.
 */
export const OAUTH_REASON = {
  permission: 'a permission: either choice conforms, so there is nothing to fail',
  client: 'binds the client, not the deployment',
  consumer: 'binds the consumer of the metadata (the client), not the deployment',
  confidential: 'binds confidential clients and their credentials; this deployment serves public clients only',
  opaque: 'access tokens are opaque to the client: their audience and contents cannot be read from outside',
  tls: "the runner takes the URL it is given; local runs are plain http on loopback, TLS is the proxy's",
} as const;
