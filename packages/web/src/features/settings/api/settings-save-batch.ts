import { hashKey, type QueryClient } from '@tanstack/react-query';
import {
  limits,
  settingsEndpoints,
  type UserConfig,
  type UserConfigPatch,
  type UserDetails,
  type UserDetailsPatch,
} from '@webmail/contracts';
import { callApi } from '../../../shared/api/call-api';
import { settingsKeys } from './settings.keys';

/** A change of stored preferences: user details (layout, density, colour, time zone) and the configuration store. */
export interface SettingsChange {
  details?: Omit<UserDetailsPatch, 'name'>;
  config?: UserConfigPatch;
}

/** What a change may be worked out from: the details and configuration as they show now (pending changes included). */
export interface CurrentSettings {
  details: UserDetails | undefined;
  config: UserConfig | undefined;
}

/** The details as they read after the patch (its `meta` fields merge into `meta`). */
function patchedDetails(details: UserDetails, patch: SettingsChange['details'] = {}): UserDetails {
  const { view_mode, timezone, ui, ...meta } = patch;
  const defined = Object.fromEntries(Object.entries(meta).filter(([, value]) => value !== undefined));
  return {
    ...details,
    ...(view_mode ? { view_mode } : {}),
    ...(timezone ? { timezone } : {}),
    meta: { ...details.meta, ...(ui ? { ui } : {}), ...defined },
  };
}

interface Pending {
  change: SettingsChange;
  /** What the caches held before the first change of this batch: put back when the save fails. */
  before: { details: UserDetails | undefined; config: UserConfig | undefined };
  timer: ReturnType<typeof setTimeout>;
}

/** One account's changes not yet in the caches as the server's answer. */
export interface Unsaved {
  /** The change waiting for its second. */
  current: Pending | null;
  /** The changes on their way to the server (their PATCH not answered yet), merged. */
  sending: SettingsChange | null;
  sends: number;
}

/**
 * The change waiting to be saved, one per account: every page and hook that saves settings (Appearance, the
 * time zone stored on a first visit, the quick settings) adds to the same batch, so one's save answer never
 * overwrites another's change still on its way.
 */
const waiting = new WeakMap<QueryClient, Map<number, Unsaved>>();

export function unsavedChanges(queryClient: QueryClient, userIndex: number): Unsaved {
  let accounts = waiting.get(queryClient);
  if (!accounts) waiting.set(queryClient, (accounts = new Map()));
  let slot = accounts.get(userIndex);
  if (!slot) accounts.set(userIndex, (slot = { current: null, sending: null, sends: 0 }));
  return slot;
}

function merged(a: SettingsChange | null | undefined, b: SettingsChange): SettingsChange {
  return {
    details: a?.details || b.details ? { ...a?.details, ...b.details } : undefined,
    config: a?.config || b.config ? { ...a?.config, ...b.config } : undefined,
  };
}

/**
 * True while the saver itself writes the caches; every other write (a refetch, another form's answer) gets the
 * waiting change laid over it again.
 */
let saverWriting = false;
function asSaver(write: () => void): void {
  saverWriting = true;
  try {
    write();
  } finally {
    saverWriting = false;
  }
}

/** Where one account's batch lives and what it tells when its save fails. */
export interface SettingsBatch {
  queryClient: QueryClient;
  userIndex: number;
  unsaved: Unsaved;
  onFailed: () => void;
}

/** The save answered: the caches take the server's answer, unless a newer change already shows. */
function showSaved(
  { queryClient, userIndex, unsaved }: SettingsBatch,
  savedDetails: UserDetails | null,
  savedConfig: UserConfig | null,
): void {
  // A newer change already shows; its own save brings the server's answer.
  if (unsaved.current) return;
  const detailsKey = settingsKeys.details(userIndex);
  const configKey = settingsKeys.config(userIndex);
  asSaver(() => {
    if (savedDetails) queryClient.setQueryData(detailsKey, savedDetails);
    if (savedConfig) queryClient.setQueryData(configKey, savedConfig);
  });
  // A read still on its way was asked before the server had the change: its answer would undo the click.
  // It is dropped and asked again.
  for (const [saved, queryKey] of [
    [savedDetails, detailsKey],
    [savedConfig, configKey],
  ] as const) {
    if (saved && queryClient.isFetching({ queryKey, exact: true }) > 0) {
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
  }
}

/** The save failed: the caches go back to what they held before the batch, and a notice says so. */
function rollBack({ queryClient, userIndex, unsaved, onFailed }: SettingsBatch, batch: Pending): void {
  const detailsKey = settingsKeys.details(userIndex);
  const configKey = settingsKeys.config(userIndex);
  // A change made while this one was on its way goes too: everything returns to what the server holds.
  const newer = unsaved.current;
  if (newer) clearTimeout(newer.timer);
  unsaved.current = null;
  asSaver(() => {
    queryClient.setQueryData(detailsKey, batch.before.details);
    queryClient.setQueryData(configKey, batch.before.config);
  });
  onFailed();
  void queryClient.invalidateQueries({ queryKey: detailsKey });
  void queryClient.invalidateQueries({ queryKey: configKey });
}

/** Sends the waiting change, one PATCH per store. */
export async function saveSettingsBatch(
  target: SettingsBatch,
  options: { keepalive?: boolean } = {},
): Promise<void> {
  const { userIndex, unsaved } = target;
  const endSend = () => {
    unsaved.sends -= 1;
    if (unsaved.sends === 0) unsaved.sending = null;
  };
  const batch = unsaved.current;
  if (!batch) return;
  clearTimeout(batch.timer);
  unsaved.current = null;
  const { details, config } = batch.change;
  unsaved.sending = merged(unsaved.sending, batch.change);
  unsaved.sends += 1;
  try {
    const [savedDetails, savedConfig] = await Promise.all([
      details
        ? callApi(settingsEndpoints.updateDetails, { params: { userIndex }, body: details }, options)
        : null,
      config
        ? callApi(settingsEndpoints.updateConfig, { params: { userIndex }, body: config }, options)
        : null,
    ]);
    endSend();
    showSaved(target, savedDetails, savedConfig);
  } catch {
    endSend();
    rollBack(target, batch);
  }
}

/** Shows a change at once in the cached details and configuration, and adds it to the batch saved after 1 s. */
export function addSettingsChange(
  { queryClient, userIndex, unsaved }: SettingsBatch,
  nextOrUpdate: SettingsChange | ((current: CurrentSettings) => SettingsChange),
  save: () => void,
): void {
  const detailsKey = settingsKeys.details(userIndex);
  const configKey = settingsKeys.config(userIndex);
  const next =
    typeof nextOrUpdate === 'function'
      ? nextOrUpdate({
          details: queryClient.getQueryData<UserDetails>(detailsKey),
          config: queryClient.getQueryData<UserConfig>(configKey),
        })
      : nextOrUpdate;
  void queryClient.cancelQueries({ queryKey: detailsKey });
  void queryClient.cancelQueries({ queryKey: configKey });
  const previous = unsaved.current;
  if (previous) clearTimeout(previous.timer);
  const before = previous?.before ?? {
    details: queryClient.getQueryData<UserDetails>(detailsKey),
    config: queryClient.getQueryData<UserConfig>(configKey),
  };
  asSaver(() => {
    if (next.details) {
      queryClient.setQueryData<UserDetails>(detailsKey, (d) => d && patchedDetails(d, next.details));
    }
    if (next.config) queryClient.setQueryData<UserConfig>(configKey, (c) => c && { ...c, ...next.config });
  });
  unsaved.current = {
    change: merged(previous?.change, next),
    before,
    timer: setTimeout(save, limits.settingsSaveDebounceMs),
  };
}

/**
 * A refetch or another writer's answer that lands while a change waits or is on its way (a live event, a
 * remount, the time zone stored on a first visit) would show the server's older value and undo the user's
 * click: the change is laid over it again. Returns the unsubscribe.
 */
export function keepUnsavedShown(queryClient: QueryClient, userIndex: number, unsaved: Unsaved): () => void {
  const detailsHash = hashKey(settingsKeys.details(userIndex));
  const configHash = hashKey(settingsKeys.config(userIndex));
  return queryClient.getQueryCache().subscribe((event) => {
    const { current, sending } = unsaved;
    if (!(current || sending) || saverWriting) return;
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const { details, config } = current ? merged(sending, current.change) : sending!;
    asSaver(() => {
      if (details && event.query.queryHash === detailsHash) {
        queryClient.setQueryData<UserDetails>(event.query.queryKey, (d) => d && patchedDetails(d, details));
      }
      if (config && event.query.queryHash === configHash) {
        queryClient.setQueryData<UserConfig>(event.query.queryKey, (c) => c && { ...c, ...config });
      }
    });
  });
}
