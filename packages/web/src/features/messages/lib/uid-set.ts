/**
 * IMAP UID sets as the mass-action answer carries them (`1:500,502`, ascending and compressed; contracts
 * `MassActionFolderResult`). A range may be written high-to-low (`9:7`) by the IMAP grammar; both orders expand.
 */
export function parseUidSet(set: string): number[] {
  const uids: number[] = [];
  for (const part of set.split(',')) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const [startText, endText = startText] = trimmed.split(':') as [string, string?];
    const start = Number(startText);
    const end = Number(endText);
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 1 || end < 1) {
      throw new Error(`Not a UID set: ${set}`);
    }
    const [low, high] = start <= end ? [start, end] : [end, start];
    for (let uid = low; uid <= high; uid += 1) uids.push(uid);
  }
  return uids;
}
