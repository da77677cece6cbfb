/**
 * Avatar initials: the uppercased first letters of the first and last word of the name
 * (one letter for a one-word name), or '' when the name has no letters to show.
 */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '')
    .replace(/["'()<>[\]]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter((word) => /\p{L}|\p{N}/u.test(word));
  const first = words[0];
  if (!first) return '';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return (firstLetter(first) + (last ? firstLetter(last) : '')).toUpperCase();
}

function firstLetter(word: string): string {
  // Skip leading punctuation so "-Anna" gives "A"; Array.from keeps surrogate pairs whole.
  const match = /[\p{L}\p{N}]/u.exec(word);
  return match ? (Array.from(word.slice(match.index))[0] ?? '') : '';
}
