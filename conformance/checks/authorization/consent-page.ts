import { notVerified, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { cite, type Exchange } from '../../http.js';
import { consentPageOf } from '../../sign-in.js';

/** The consent page of the run's main authorization, as the runner saw it. */
export async function consentPage(ctx: CheckContext): Promise<Exchange> {
  const { walk } = await ctx.session();
  if (walk.length === 0) notVerified('with --browser the person saw the consent page, not the runner; run headless (--user/--password)');
  const page = consentPageOf(walk);
  if (!page) skip('the authorization went through without a consent form the runner could see');
  cite(page);
  return page;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** What a person reads on the page: tags dropped, entities decoded, spaces collapsed. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ');
}
