import { header, type Exchange } from '../../http.js';

/** What a page lacks to forbid framing: frame-ancestors 'none' and X-Frame-Options: DENY (RFC 9700 section 4.16). */
export function framingMissing(page: Exchange): string[] {
  const policy = header(page, 'content-security-policy') ?? '';
  const frameOptions = header(page, 'x-frame-options') ?? '';
  const missing: string[] = [];
  if (!/(^|;)\s*frame-ancestors\s+'none'\s*(;|$)/i.test(policy)) missing.push(`Content-Security-Policy frame-ancestors 'none' (got "${policy}")`);
  if (!/^\s*deny\s*$/i.test(frameOptions)) missing.push(`X-Frame-Options: DENY (got "${frameOptions}")`);
  return missing;
}
