import { isDeepStrictEqual } from 'node:util';
import { fail, type Check } from '../../check.js';
import { authorizationServerDocuments } from './documents.js';

/**
 * A check that one list-valued parameter of section 5.2 holds exactly the specified values
 * (in any order) in both authorization-server documents.
 */
export function metadataParameterCheck(definition: {
  readonly id: string;
  readonly title: string;
  readonly parameter: string;
  readonly expected: readonly string[];
  /** Another list that conforms too, and why (an operator's documented choice). */
  readonly alternative?: { readonly values: readonly string[]; readonly why: string };
}): Check {
  const { parameter, expected, alternative } = definition;
  const wanted = [...expected].sort();
  const alsoWanted = alternative && [...alternative.values].sort();
  const described = alternative ? `${JSON.stringify(expected)} (or ${JSON.stringify(alternative.values)}: ${alternative.why})` : JSON.stringify(expected);
  return {
    id: definition.id,
    group: 'discovery',
    title: definition.title,
    spec: 'section 5.2',
    level: 'MUST',
    needsSignIn: false,
    async run(ctx) {
      const wrong: string[] = [];
      for (const { path, json } of await authorizationServerDocuments(ctx)) {
        const value = json[parameter];
        const sorted = Array.isArray(value) ? [...(value as unknown[])].map(String).sort() : undefined;
        if (!isDeepStrictEqual(sorted, wanted) && !(alsoWanted && isDeepStrictEqual(sorted, alsoWanted))) wrong.push(`${path} has ${JSON.stringify(value)}`);
      }
      if (wrong.length > 0) fail(`"${parameter}" must be ${described}: ${wrong.join('; ')}`);
      return `"${parameter}": ${described}`;
    },
  };
}
