/// <reference types="vite/client" />

/** The build's id (`vite.config.ts`): the offline copy of another build is not restored. */
declare const __WEBMAIL_BUILD__: string;
/** The app's version (package.json) and when it was built (ISO 8601): the sidebar footer and the About dialog. */
declare const __WEBMAIL_VERSION__: string;
declare const __WEBMAIL_BUILD_DATE__: string;
