import { z } from 'zod';

/**
 * Characters a client's name may not hold, whichever way the client identified itself (/register
 * or a metadata document): controls, format characters (zero-width spaces and joiners, the
 * bidirectional marks, overrides and isolates) and lone surrogates. With them a name can hide
 * its end, or render on the consent screen as another app's name.
 */
const deceptive = /[\p{Cc}\p{Cf}\p{Cs}]/u;

/** `redirect_uris` as both ways of identifying a client list them (each then checked one by one). */
export const redirectUrisSchema = z
  .array(z.string({ error: 'must be a string' }), { error: 'must be an array of redirect URI strings' })
  .min(1, { error: 'must list at least one redirect URI' })
  .max(20, { error: 'must list at most 20 redirect URIs' });

/** `client_name` as the person will read it on the consent screen, trimmed. */
export const clientNameSchema = z
  .string({ error: 'must be a string: the name the person sees on the consent screen' })
  .trim()
  .min(1, { error: 'must not be empty: it is the name the person sees on the consent screen' })
  .max(200, { error: 'must be at most 200 characters' })
  .superRefine((name, ctx) => {
    const found = deceptive.exec(name);
    if (!found) return;
    const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    ctx.addIssue({ code: 'custom', message: `must not contain control or text-direction characters, found U+${code} at position ${found.index}` });
  });
