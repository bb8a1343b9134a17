// The request schemas' text, as strict as the service (issue 56): a field refuses C0 control characters
// (server/http/input.ts refuses them before the schema is read, naming the field), a multi-line one takes
// tab and line breaks among them, a name needs one character that shows. Each rule is a `pattern`, so the
// OpenAPI document says it and a client or fuzzer that follows the document is never refused for it.
import { Type, type TStringOptions } from 'typebox';

/** No C0 control character (U+0000–U+001F), tab and line breaks included. */
export const ONE_LINE = '^[^\\u0000-\\u001F]*$';
/** No C0 control character but tab, line feed and carriage return. */
export const LINES = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$';
/**
 * One line with at least one character that shows: not white space, nor one a name is cleaned of
 * (C1 controls, zero-width and bidirectional marks, word joiners, BOM, soft hyphen: server/domain/leads/clean.ts).
 */
const SHOWN = '[^\\u0000-\\u001F\\s\\u007F-\\u009F\\u00AD\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2069\\uFEFF]';
export const SHOWING = `^[^\\u0000-\\u001F]*${SHOWN}[^\\u0000-\\u001F]*$`;
/** As SHOWING, over several lines. */
export const SHOWING_LINES = `^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*${SHOWN}[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$`;

/** Text of one line (no control character). */
export const Line = (options: TStringOptions = {}) => Type.String({ pattern: ONE_LINE, ...options });
/** One line with a character that shows: what is trimmed and then must not be empty. */
export const Shown = (options: TStringOptions = {}) => Type.String({ pattern: SHOWING, ...options });
/** Text that may hold tabs and line breaks, no other control character. */
export const Lines = (options: TStringOptions = {}) => Type.String({ pattern: LINES, ...options });

/**
 * The keyword that carries a name's limit in the characters a person sees (grapheme clusters): the
 * service's schema bounds the name by `maxLength` code points (a visible character may be several: क्षि
 * is 4) and counts the visible ones itself; the OpenAPI document says `maxLength` is this limit
 * (server/http/openapi.ts), which any name it allows then meets.
 */
export const VISIBLE_LIMIT = 'x-visible-characters';

/** A person's name: one line that shows something, at most `limit` visible characters (`codePoints` as sent). */
export const Name = (limit: number, codePoints: number) =>
  Type.String({
    minLength: 1,
    maxLength: codePoints,
    pattern: SHOWING,
    [VISIBLE_LIMIT]: limit,
    description: `A name: at most ${limit} characters as a person sees them (grapheme clusters; a name of ${limit} code points always fits), with one that is not white space.`,
  });

/**
 * An email address as the service's check takes it (ajv-formats' `email`, whose domain has a dot: `0@com`
 * is refused), written out so that the document says it.
 */
export const EMAIL_PATTERN =
  "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$";

/** A phone number as typed with its country code: `+`, digits, and the spaces, dots, dashes and brackets people write. */
export const Phone = Type.String({
  maxLength: 32,
  pattern: '^\\+[0-9][0-9 ().-]*$',
  description:
    'With its country code (+91 98765 43210). Whether it is a number codes may be sent to is the service’s to say (`invalid-phone`, `country-not-allowed`, `not-mobile`).',
});
