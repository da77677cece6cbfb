/** Business constants: timeouts, retries and display limits both sides use. */
export const limits = {
  requestTimeoutMs: 5000,
  authPollMs: 900_000,
  queryCacheMs: 86_400_000,
  retryCount: 3,
  retryBaseMs: 1000,
  retryMaxMs: 30_000,
  snackbarTimeoutMs: 5000,
  /** How often an open page asks whether a new service worker (a new build) is out. */
  serviceWorkerUpdateCheckMs: 1_800_000,
  folderIndentCap: 3,
  emailMaxLength: 256,
  sidePanel: { min: 256, max: 512, default: 256 },
  /** Appearance and General settings are saved this long after the last change. */
  settingsSaveDebounceMs: 1000,
} as const;

export const breakpoints = { xs: 0, sm: 600, md: 905, lg: 1240, xl: 1440 } as const;
export const primaryColor = '#b00e22';
export const productName = 'Webmail';
