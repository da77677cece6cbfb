/** A message UID from the path: a positive integer, else null (the route then leaves for the folder). */
export function parseMessageUid(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const uid = Number(value);
  return Number.isSafeInteger(uid) && uid >= 1 ? uid : null;
}
