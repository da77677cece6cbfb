/// <reference types="vite/client" />

/** The build's id (`vite.config.ts`): the offline copy of another build is not restored. */
declare const __WEBMAIL_BUILD__: string;
