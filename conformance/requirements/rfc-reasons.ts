/** Why a sentence of an RFC is listed without a check; shared by the RFC files, so one cause reads the same everywhere. */
export const PERMISSION = 'a permission: either choice conforms, so there is nothing to fail';
export const CLIENT = 'binds the client, not the deployment';
export const CONSUMER = 'binds the consumer of the metadata (the client), not the deployment that publishes it';
export const TLS =
  'the runner takes the URL it is given, and the documented local runs are plain http on loopback; https is the proxy\'s, in front of the deployment';
export const OPAQUE = 'access tokens are opaque references to the client: what they carry and how they are protected cannot be read from outside';
export const CONFIDENTIAL = 'binds confidential clients and their credentials; this deployment serves public clients only';
