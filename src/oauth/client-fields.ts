import { z } from 'zod';

/**
 * Characters a client's name may not hold, whichever way the client identified itself (/register
 * or a metadata document): controls, format characters (zero-width spaces and joiners, the
 * bidirectional marks, overrides and isolates) and lone surrogates. With them a name can hide
 * its end, or render on the consent screen as another app's name.
 */
const deceptive = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/**
 * One character that shows: not a space, a combining mark alone, or one of the letters that
 * render as blank (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and the blank Braille U+2800).
 */
const visible = /[^\s\p{Cc}\p{Cf}\p{Cs}\p{Mn}\p{Me}\p{Zs}\u115F\u1160\u3164\uFFA0\u2800]/u;

/**
 * 'Name — host.example': how the pages once showed a client whose host vouches for it. A name of
 * that form would pose as a verified client, so no client may choose it.
 */
const posesAsVerified = /[-‐‑‒–—―−|·•@]\s*(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}[\p{L}\p{N}-]*(?::\d+)?(?=$|[\s/)\]])/u;

/** `redirect_uris` as both ways of identifying a client list them (each then checked one by one). */
export const redirectUrisSchema = z
  .array(z.string({ error: 'must be a string' }), { error: 'must be an array of redirect URI strings' })
  .min(1, { error: 'must list at least one redirect URI' })
  .max(20, { error: 'must list at most 20 redirect URIs' });

/** What no client name may be, whatever its length; undefined when the name may be shown. */
export function clientNameProblem(name: string): string | undefined {
  const found = deceptive.exec(name);
  if (found) {
    const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return `must not contain control or text-direction characters, found U+${code} at position ${found.index}`;
  }
  if (!visible.test(name)) return 'must contain a visible character: it is the name the person sees on the consent screen';
  if (posesAsVerified.test(name)) {
    return "must not take the form 'Name — host.example': pages show a verified host beside the name, and a chosen name may not imitate one";
  }
  return undefined;
}

const nameString = z
  .string({ error: 'must be a string: the name the person sees on the consent screen' })
  .trim()
  .min(1, { error: 'must not be empty: it is the name the person sees on the consent screen' });

const refuseProblems = (name: string, ctx: z.RefinementCtx) => {
  const problem = clientNameProblem(name);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/** `client_name` at registration, trimmed: a name that is too long is refused. */
export const clientNameSchema = nameString.max(200, { error: 'must be at most 200 characters' }).superRefine(refuseProblems);

/** Longer names in a published document are shortened to this many characters for display. */
export const shownNameLength = 80;

/**
 * `client_name` in a client metadata document: the same rules, but a name too long to show is
 * shortened rather than refused, since the document is published once for every server.
 */
export const documentClientNameSchema = nameString
  .transform((name) => {
    const characters = [...name];
    return characters.length > shownNameLength ? `${characters.slice(0, shownNameLength - 1).join('').trimEnd()}…` : name;
  })
  .superRefine(refuseProblems);
