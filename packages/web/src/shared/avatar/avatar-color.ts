/**
 * Background colours for initials avatars: stable per name so a sender keeps their colour across lists. Each one
 * carries white initials at 4.5:1 or more (a small avatar's letters are normal-size text).
 */
export const avatarPalette = [
  '#b00e22',
  '#1565c0',
  '#2e7d32',
  '#6a1b9a',
  '#00838f',
  '#ad1457',
  '#4e342e',
  '#37474f',
  '#c62828',
  '#283593',
  '#00695c',
  '#bf360c',
] as const;

export function avatarColor(seed: string): string {
  let hash = 0;
  for (const char of seed.toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return avatarPalette[hash % avatarPalette.length]!;
}
