import { screen, within } from '@testing-library/react';
import type { AccountSession } from '@webmail/contracts';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/media-query';
import { sampleTree } from '../../test/folder.testing';

const session = (id: string, current: boolean, browser: string): AccountSession => ({
  id,
  current,
  device: { browser, os: 'Linux', type: null },
  ip: '192.0.2.1',
  createdAt: Date.now() - 60_000,
  lastActiveAt: Date.now(),
});

/** The account's sessions, served from memory: "sign out everywhere else" leaves only the current one. */
function sessionsApi() {
  const base = '/api/u/0/security';
  let sessions = [session('this', true, 'Chromium'), session('phone', false, 'Firefox')];
  const calls: string[] = [];
  const handlers = [
    http.get(`${base}/sessions`, () => HttpResponse.json({ sessions })),
    http.delete(`${base}/sessions`, () => {
      calls.push('signOutOthers');
      sessions = sessions.filter((s) => s.current);
      return HttpResponse.json({ ok: true });
    }),
    http.get(`${base}/events`, () => HttpResponse.json({ events: [], total: 0, page: 0, pageSize: 50 })),
  ];
  return { handlers, calls };
}

describe('signing out everywhere else', () => {
  it('asks the server to end the other sessions and shows only this device afterwards', async () => {
    signIn(0);
    const api = sessionsApi();
    server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers, ...api.handlers);
    setViewportWidth(1024);
    const { user } = await renderApp('/u/0/settings/security/events');
    const list = await screen.findByRole('list', { name: "Where you're signed in" }, { timeout: 10_000 });
    expect(within(list).getByText('Firefox on Linux')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Sign out everywhere else' });
    expect(button).toHaveAccessibleDescription(/mail apps' open connections/);
    await user.click(button);
    await expect.poll(() => api.calls).toEqual(['signOutOthers']);
    await expect.poll(() => within(list).queryByText('Firefox on Linux')).toBeNull();
    expect(within(list).getByText('Chromium on Linux')).toBeInTheDocument();
  });
});
