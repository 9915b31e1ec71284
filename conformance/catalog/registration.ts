import type { Check } from '../check.js';
import { registrationAcceptsNativeRedirects } from '../checks/registration/registration-accepts-native-redirects.js';
import { registrationClientIdNotUrl } from '../checks/registration/registration-client-id-not-url.js';
import { registrationIdempotent } from '../checks/registration/registration-idempotent.js';
import { registrationNoSecret } from '../checks/registration/registration-no-secret.js';
import { registrationRefusesBadMetadata } from '../checks/registration/registration-refuses-bad-metadata.js';
import { registrationRefusesBadRedirectUri } from '../checks/registration/registration-refuses-bad-redirect-uri.js';
import { registrationRefusesEmptyRedirectUris } from '../checks/registration/registration-refuses-empty-redirect-uris.js';
import { registrationResponse } from '../checks/registration/registration-response.js';

/** Dynamic client registration, before any sign-in needs a client. */
export const REGISTRATION: readonly Check[] = [
  registrationResponse,
  registrationNoSecret,
  registrationIdempotent,
  registrationRefusesBadRedirectUri,
  registrationRefusesBadMetadata,
  registrationAcceptsNativeRedirects,
  registrationRefusesEmptyRedirectUris,
  registrationClientIdNotUrl,
];
