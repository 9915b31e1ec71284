import { fail, type Check } from '../../check.js';
import { metadataOf } from './documents.js';
import { signedMetadataProblem } from './signed-metadata.js';

export const protectedResourceMetadataValues: Check = {
  id: 'protected-resource-metadata-values',
  group: 'discovery',
  title: 'The optional protected-resource fields, when published, keep their rules: https jwks_uri, no "none" algorithm, signed metadata really signed',
  spec: 'RFC 9728 sections 2 (jwks_uri, resource_signing_alg_values_supported) and 2.2 (signed_metadata)',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const json = await metadataOf(ctx, 'protected-resource');
    const problems = [jwksUriProblem(json['jwks_uri']), signingAlgorithmProblem(json['resource_signing_alg_values_supported']), signedMetadataProblemOf(json['signed_metadata'])];
    const found = problems.filter((problem): problem is string => problem !== undefined);
    if (found.length > 0) fail(found.join('; '));
    const published = ['jwks_uri', 'resource_signing_alg_values_supported', 'signed_metadata'].filter((name) => json[name] !== undefined);
    return published.length === 0 ? 'none of jwks_uri, resource_signing_alg_values_supported, signed_metadata is published' : `${published.join(', ')} as the RFC asks`;
  },
};

function jwksUriProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !URL.canParse(value) || new URL(value).protocol !== 'https:') {
    return `"jwks_uri" is ${JSON.stringify(value)}: it must be an https URL, or the keys could be swapped on the way`;
  }
  return undefined;
}

function signingAlgorithmProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return `"resource_signing_alg_values_supported" is ${JSON.stringify(value)}, not a list`;
  return value.includes('none') ? '"resource_signing_alg_values_supported" lists "none": unsigned responses must not be offered' : undefined;
}

function signedMetadataProblemOf(value: unknown): string | undefined {
  const problem = value === undefined ? undefined : signedMetadataProblem(value);
  return problem && `"signed_metadata" ${problem}`;
}
