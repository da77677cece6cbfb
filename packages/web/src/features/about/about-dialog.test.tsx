import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

describe('about dialog', () => {
  for (const language of ['fi', 'en', 'et', 'ru'] as const) {
    it(`shows the build date as DD.MM.YYYY HH:mm in ${language}, not a long date in words`, async () => {
      signIn(0);
      server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers);
      setViewportWidth(1024);
      const { user } = await renderApp('/u/0/id-inbox', { language });
      const footer = await screen.findByRole('contentinfo', {}, { timeout: 15_000 });
      const about = within(footer).getAllByRole('button').at(-1)!;
      await user.click(about);
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}(?!\d)/);
      expect(dialog.textContent).not.toMatch(/klo|kell|\bat\b \d|в \d{1,2}:/);
    });
  }
});
