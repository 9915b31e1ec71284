import { randomBytes } from 'node:crypto';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** `usr_`, `srv_`, … followed by 16 random base62 characters (~95 bits). */
export function newId(prefix: string): string {
  const bytes = randomBytes(16);
  let suffix = '';
  for (const byte of bytes) suffix += alphabet[byte % 62];
  return `${prefix}_${suffix}`;
}
