import type { Check } from '../../check.js';
import { expectInvalidGrant, idJagRun, mintIdJag, redeem } from './id-jag.js';

export const idJagSymmetricRefused: Check = {
  id: 'id-jag-symmetric-refused',
  group: 'id-jag',
  title: "An ID-JAG signed with a shared-secret MAC (HS256) is refused with invalid_grant, the provider's public key as the secret too",
  spec: 'RFC 7523 section 3 (9); RFC 8725 sections 2.1 and 3.1: the provider signs with its private key, so a MAC is not its signature, whatever its key',
  level: 'MUST',
  needsSignIn: false,
  async run(ctx) {
    const run = await idJagRun(ctx);
    const madeUp = expectInvalidGrant(await redeem(run, await mintIdJag(run, { signing: 'HS256' })), 'an ID-JAG under HS256 with a made-up secret');
    // Algorithm confusion: a verifier that lets the header pick the algorithm keys the MAC with the public key it holds.
    const confused = expectInvalidGrant(await redeem(run, await mintIdJag(run, { signing: 'HS256-public-key' })), "an ID-JAG under HS256 keyed with the provider's public key (PEM)");
    return `made-up secret: ${madeUp}; the public key as the secret: ${confused}`;
  },
};
