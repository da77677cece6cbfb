import { searchKeywords, type SearchKeyword, type SearchToken } from './search-syntax.js';

// Whitespace and every control character (CR, LF, NUL, …) separate words.
// eslint-disable-next-line no-control-regex
const separator = /[\s\u0000-\u001f\u007f\u0085\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const separators = /[\s\u0000-\u001f\u007f\u0085\u2028\u2029]+/g;
/** The keywords as a set (the tokenizer and the formatter ask it). */
export const keywordSet = new Set<string>(searchKeywords);

/** The inside of a phrase: separators become single spaces. */
const cleanPhrase = (text: string) => text.replace(separators, ' ').trim();

/** Splits the text into tokens; never fails (an unclosed quote runs to the end). */
export function searchTokens(text: string): SearchToken[] {
  const tokens: SearchToken[] = [];
  let i = 0;
  const quoted = (from: number) => {
    const close = text.indexOf('"', from + 1);
    const end = close < 0 ? text.length : close + 1;
    return { inner: text.slice(from + 1, close < 0 ? text.length : close), end };
  };
  while (i < text.length) {
    const c = text[i]!;
    if (separator.test(c)) {
      i += 1;
    } else if (c === '(' || c === ')') {
      tokens.push({ type: c === '(' ? 'lparen' : 'rparen', start: i, end: i + 1, value: c });
      i += 1;
    } else if (c === '"') {
      const { inner, end } = quoted(i);
      tokens.push({ type: 'phrase', start: i, end, value: cleanPhrase(inner), quoted: true });
      i = end;
    } else if (c === '-' && i + 1 < text.length && !separator.test(text[i + 1]!) && text[i + 1] !== ')') {
      tokens.push({ type: 'not', start: i, end: i + 1, value: '-' });
      i += 1;
    } else {
      let end = i;
      while (end < text.length && !separator.test(text[end]!) && !'()"'.includes(text[end]!)) end += 1;
      const word = text.slice(i, end);
      if (word === '-') {
        // A dash on its own (`a - b`) is punctuation, not a word to search for.
        i = end;
        continue;
      }
      const colon = word.indexOf(':');
      const name = colon > 0 ? word.slice(0, colon).toLowerCase() : '';
      if (colon > 0 && keywordSet.has(name)) {
        const keyword = name as SearchKeyword;
        if (colon === word.length - 1 && text[end] === '"') {
          const { inner, end: close } = quoted(end);
          tokens.push({
            type: 'keyword',
            keyword,
            start: i,
            end: close,
            value: cleanPhrase(inner),
            quoted: true,
          });
          i = close;
          continue;
        }
        tokens.push({ type: 'keyword', keyword, start: i, end, value: word.slice(colon + 1) });
      } else if (word === 'OR' || word === 'AND') {
        tokens.push({ type: word === 'OR' ? 'or' : 'and', start: i, end, value: word });
      } else {
        tokens.push({ type: 'word', start: i, end, value: word });
      }
      i = end;
    }
  }
  return tokens;
}
