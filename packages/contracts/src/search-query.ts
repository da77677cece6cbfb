/**
 * The search language, one parser for the search bar, the advanced form and the server: Gmail-like keywords
 * (`from: to: cc: subject: in: after: before: older: newer: older_than: newer_than: larger: smaller:
 * has:attachment is:unread is:read is:starred`), free words, `"exact phrases"`, `OR` between terms, `-term`
 * negation and parentheses. Words are ANDed; `OR` binds tighter than the implicit AND, as in Gmail
 * (`a b OR c` = a AND (b OR c)).
 *
 * User text never becomes syntax anywhere else: the server builds IMAP SEARCH criteria from the parsed tree, each
 * value sent as a quoted string or a literal. Control characters (CR, LF, NUL, …) separate words like spaces do,
 * so no value can carry one. `formatSearch` writes a tree back as text (advanced form ⇄ bar).
 */
export * from './search-syntax.js';
export { searchTokens } from './search-tokens.js';
export { parseSearch } from './search-parser.js';
export { daysAgoInZone, formatSearch, formatSize } from './search-format.js';
