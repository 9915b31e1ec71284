/** Filled by the OAuth work: clients, codes, grants, tokens, sign-in sessions. */
export interface AuthStore {}
