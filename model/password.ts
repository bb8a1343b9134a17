// A desk password's length, in characters (Unicode code points: at least 12 that show, after NFKC and
// without format characters; at most 128 as typed, after NFC): the rule that sets one
// (server/domain/desk/password-rule.ts) and the sign-in's schema (model/api/desk.ts) read it here.
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;
/**
 * What the sign-in takes, in UTF-16 units: a password of PASSWORD_MAX characters typed decomposed (NFD:
 * at most 4 code points a character, each at most 2 units) still fits, so whatever was set can sign in.
 */
export const SIGN_IN_PASSWORD_MAX = PASSWORD_MAX * 4 * 2;
