/**
 * A media type as `type/subtype` (lower-cased, parameters dropped) when it is written in RFC 6838
 * restricted-name characters and fits 255 characters; otherwise null. Mail and browsers send anything in
 * Content-Type (`image/png日本`, 300-character names, markup); only a clean type may reach a response
 * header (Node refuses non-Latin-1 header values with a throw) or the database.
 */
export function cleanMediaType(value: string | null | undefined): string | null {
  const type = (value ?? '').split(';')[0]!.trim().toLowerCase();
  if (type.length > 255) return null;
  return /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(type) ? type : null;
}
