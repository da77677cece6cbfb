import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { sampleTree } from '../../test/folder.testing';
import { buildMessageSummaries, buildMessageSummary } from '../messages/message.testing';
import { installFakeEventSource } from './event-source.testing';

/** The browser's Notification, recorded instead of shown. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async (): Promise<NotificationPermission> => 'granted');
  static readonly shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions = {},
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

function installNotifications(permission: NotificationPermission) {
  FakeNotification.permission = permission;
  FakeNotification.shown.length = 0;
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
}

function setTabHidden(hidden: boolean) {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
}

async function start(path: string) {
  signIn(0);
  setViewportWidth(1440);
  server.use(...mailApi({ tree: sampleTree(), messages: { 'id-inbox': buildMessageSummaries(2) } }).handlers);
  const sources = installFakeEventSource();
  const rendered = await renderApp(path);
  await waitFor(() => expect(sources.all).toHaveLength(1));
  sources.latest().open();
  return { ...rendered, stream: sources.latest() };
}

const newMail = (mailboxId: string, ...messages: ReturnType<typeof buildMessageSummary>[]) => ({
  command: 'EXISTS' as const,
  mailboxId,
  messages,
});

describe('desktop notifications for new mail', () => {
  afterEach(() => {
    setTabHidden(false);
    vi.unstubAllGlobals();
  });

  it('are switched on in settings/general, which asks for the permission then (never on load)', async () => {
    installNotifications('default');
    const { user } = await start('/u/0/settings/general');

    expect(await screen.findByRole('heading', { name: 'General' })).toBeInTheDocument();
    const toggle = screen.getByRole('switch', { name: 'Desktop notifications for new mail' });
    expect(toggle).not.toBeChecked();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();

    await user.click(toggle);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(window.localStorage.getItem('webmail.desktopNotifications.0')).toBe('on');

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(window.localStorage.getItem('webmail.desktopNotifications.0')).toBeNull();
  });

  it('stay off and say why when the browser blocks them', async () => {
    installNotifications('denied');
    window.localStorage.setItem('webmail.desktopNotifications.0', 'on');
    await start('/u/0/settings/general');

    const toggle = await screen.findByRole('switch', { name: 'Desktop notifications for new mail' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      "Notifications are blocked for this site in the browser's settings.",
    );
  });

  it('show new unread Inbox mail while the tab is hidden; a click focuses the tab and opens the message', async () => {
    installNotifications('granted');
    window.localStorage.setItem('webmail.desktopNotifications.0', 'on');
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => {});
    const { stream, router } = await start('/u/0/id-inbox');
    await screen.findByRole('list', { name: 'Messages in Inbox' });
    const fresh = (uid: number, subject: string) =>
      buildMessageSummary(uid, { subject, seen: false, date: new Date().toISOString() });

    stream.send(newMail('id-inbox', fresh(501, 'Seen while looking')));
    expect(FakeNotification.shown).toHaveLength(0);

    setTabHidden(true);
    stream.send(newMail('id-sent', fresh(502, 'Not in the Inbox')));
    stream.send(newMail('id-inbox', buildMessageSummary(503, { seen: true })));
    expect(FakeNotification.shown).toHaveLength(0);

    stream.send(newMail('id-inbox', fresh(505, 'Lunch?'), fresh(504, 'Minutes')));
    expect(FakeNotification.shown).toHaveLength(1);
    const [shown] = FakeNotification.shown;
    expect(shown?.title).toBe('2 new messages');
    expect(shown?.options.body).toBe('Bob Builder – Lunch?\nAlice Example – Minutes');

    act(() => shown?.onclick?.());
    expect(focus).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/0/id-inbox/thread-505/505'));
    expect(shown?.closed).toBe(true);
  });

  it('are not shown unless the user turned them on', async () => {
    installNotifications('granted');
    const { stream } = await start('/u/0/id-inbox');
    setTabHidden(true);
    stream.send(newMail('id-inbox', buildMessageSummary(501, { seen: false })));
    expect(FakeNotification.shown).toHaveLength(0);
  });
});
