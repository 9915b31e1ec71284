import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments } from './documents.js';

export const issParameterAdvertised: Check = {
  id: 'iss-parameter-advertised',
  group: 'discovery',
  title: 'Both authorization-server documents advertise the iss parameter',
  spec: 'RFC 9207 section 3; field notes: authorization endpoint (iss on every response)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const wrong = (await authorizationServerDocuments(ctx))
      .filter(({ json }) => json['authorization_response_iss_parameter_supported'] !== true)
      .map(({ path, json }) => `${path} has ${JSON.stringify(json['authorization_response_iss_parameter_supported'])}`);
    if (wrong.length > 0) {
      fail(`"authorization_response_iss_parameter_supported" must be true, since iss is sent: ${wrong.join('; ')}`);
    }
    return '"authorization_response_iss_parameter_supported": true in both documents';
  },
};
