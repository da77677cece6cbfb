import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultLanguage, languages, productName } from '@webmail/contracts';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { drawnPage } from '../src/app/drawn-sign-in-page';
import { createI18n } from '../src/app/i18n/create-i18n';
import { languageStorageKey } from '../src/app/i18n/language-storage';
import { localeResources } from '../src/app/i18n/locale-resources';
import { PasswordLoginRoute } from '../src/app/routes/password-login.route';
import { createAppTheme } from '../src/app/theme/create-app-theme';
import { AuthLayout } from '../src/layouts/auth/auth-layout';
import { appPaths } from '../src/shared/routing/app-paths';
import { sessionSeenKey } from '../src/shared/session/session';
import type { SessionEvents } from '../src/shared/session/session-events';
import { SessionEventsContext } from '../src/shared/session/session-events';
import { appearanceStorageKey, defaultAppearance } from '../src/shared/ui/appearance';
import { themeNameOf } from '../src/shared/ui/theme-palettes';

/** Nobody signs in on a drawing: the form cannot be sent before the app has replaced it. */
const noSession: SessionEvents = {
  signedIn: () => {},
  signedOut: async () => {},
  signedOutElsewhere: async () => {},
};

export interface SignInDrawing {
  /** The page's markup with its styles (inline `<style>` elements), ids and label links taken out. */
  html: string;
  /** The document title the app gives the page. */
  title: string;
  /** The script that runs before the page is painted and hides the drawing where the app would draw otherwise. */
  check: string;
}

/**
 * The sign-in page (route AuthLoginPassword inside AuthLayout) drawn with the app's own components, in the default
 * language and the default appearance, light: what the app's first render of the page shows a visitor with nothing
 * stored on the device. Its styles come from an emotion cache of its own (class names `drawn-…`), so they never
 * stand in for the app's. Nothing is fetched: the queries stay pending, as in the app's first render (no second
 * account, the built-in sign-in form).
 *
 * Loaded by scripts/html-pages.ts through Vite's SSR loader (the app's resolution and `import.meta.glob`).
 */
export async function drawSignInPage(): Promise<SignInDrawing> {
  const language = defaultLanguage;
  const i18n = await createI18n(language, { resources: localeResources() });
  const theme = createAppTheme(themeNameOf(defaultAppearance.color, false), language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const markup = renderToString(
    <CacheProvider value={createCache({ key: 'drawn' })}>
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={theme}>
          <ScopedCssBaseline enableColorScheme>
            <QueryClientProvider client={queryClient}>
              <SessionEventsContext.Provider value={noSession}>
                <MemoryRouter initialEntries={[appPaths.AuthLoginPassword]}>
                  <Routes>
                    <Route element={<AuthLayout />}>
                      <Route path={appPaths.AuthLoginPassword} element={<PasswordLoginRoute />} />
                    </Route>
                  </Routes>
                </MemoryRouter>
              </SessionEventsContext.Provider>
            </QueryClientProvider>
          </ScopedCssBaseline>
        </ThemeProvider>
      </I18nextProvider>
    </CacheProvider>,
  );
  return {
    // Ids and `for` would only repeat the app's (React's generated ids) and tie the drawn labels to inputs no one
    // can use; the drawing is inert and hidden from assistive technology.
    html: markup.replace(/ (?:id|for)="[^"]*"/g, ''),
    title: i18n.t('common:pageTitle', { title: i18n.t('auth:password.title'), product: productName }),
    check: drawingCheck(language),
  };
}

/**
 * Adds `drawnPage.hiddenClass` to `<html>` (the drawing hidden, the loading spinner shown, as without a drawing) when
 * the app would draw the page otherwise: a language or colour chosen on this device, a dark appearance (chosen, or
 * the system's), or a notice the `reason` brings (for `missingExpiryCookie` only where a session was seen before,
 * as `SignInReasonNotice` does; `/` without a session goes on with that reason). Keys and values are the app's (language-storage.ts, appearance.ts, session.ts).
 */
function drawingCheck(language: string): string {
  const known = JSON.stringify(languages);
  return [
    '(function () {',
    '  var root = document.documentElement;',
    '  try {',
    '    var storage = window.localStorage;',
    `    var language = storage.getItem(${JSON.stringify(languageStorageKey)});`,
    `    var appearance = JSON.parse(storage.getItem(${JSON.stringify(appearanceStorageKey)}) || '{}') || {};`,
    // `/` without a session goes on to the sign-in page with this reason (router.tsx).
    "    var reason = new URLSearchParams(window.location.search).get('reason') ||",
    "      (window.location.pathname === '/' ? 'missingExpiryCookie' : null);",
    "    var dark = appearance.darkMode === 'dark' ||",
    "      (appearance.darkMode !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);",
    '    var other =',
    `      (${known}.indexOf(language) >= 0 && language !== ${JSON.stringify(language)}) ||`,
    `      (appearance.color !== undefined && appearance.color !== ${JSON.stringify(defaultAppearance.color)}) ||`,
    '      dark ||',
    `      (reason !== null && (reason !== 'missingExpiryCookie' || storage.getItem(${JSON.stringify(sessionSeenKey)}) !== null));`,
    `    if (other) root.classList.add(${JSON.stringify(drawnPage.hiddenClass)});`,
    '  } catch (error) {',
    `    root.classList.add(${JSON.stringify(drawnPage.hiddenClass)});`,
    '  }',
    '})();',
  ].join('\n');
}
