const byteUnits = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB', 'ZiB', 'YiB'] as const;

/** Byte display: B, then KiB … YiB with two decimals. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(2)} ${byteUnits[unit]}`;
}

/** Storage percent: rounded up. */
export function storagePercent(used: number, allowed: number): number {
  if (!allowed || allowed <= 0) return 0;
  return Math.min(100, Math.ceil((used / allowed) * 100));
}
