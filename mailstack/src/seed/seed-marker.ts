import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SEED_VERSION } from './compose.js';

export interface SeedMarker {
  version: string;
  seededAt: string;
  bulkCount: number;
}

const markerPath = (stateDir: string) => path.join(stateDir, 'seed', `${SEED_VERSION}.json`);

/**
 * The marker lives in the state dir, next to the maildirs it describes: wiping the state dir
 * wipes both. It is written only after every step succeeded, so an interrupted run is
 * detected (no marker) and cleaned up on the next run instead of duplicating mail.
 */
export async function readSeedMarker(stateDir: string): Promise<SeedMarker | undefined> {
  try {
    const marker = JSON.parse(await readFile(markerPath(stateDir), 'utf8')) as SeedMarker;
    return marker.version === SEED_VERSION ? marker : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

export async function writeSeedMarker(stateDir: string, marker: SeedMarker): Promise<void> {
  const file = markerPath(stateDir);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(`${file}.tmp`, `${JSON.stringify(marker, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}
