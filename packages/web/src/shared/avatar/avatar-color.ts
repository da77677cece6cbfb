/** Background colours for initials avatars: stable per name so a sender keeps their colour across lists. */
const palette = [
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
  '#e65100',
] as const;

export function avatarColor(seed: string): string {
  let hash = 0;
  for (const char of seed.toLowerCase()) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return palette[hash % palette.length]!;
}
