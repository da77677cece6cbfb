import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { sampleTree } from '../../test/folder.testing';
import { renderApp } from '../../test/render-app';
import { buildResumedDraft, serveCompose, storeLocalCopy, testDraftId } from './compose.testing';
import { toChip } from './lib/address-chips';
import { readLocalDraft } from './lib/local-draft-store';

const draftPath = `/u/0/compose/${testDraftId}`;
const saves = (api: ReturnType<typeof serveCompose>) => api.requests.filter((r) => r.method === 'PUT');

describe('drafts (draft states and save results)', () => {
  it('keeps a local copy of every change and saves the draft after a pause', async () => {
    const api = serveCompose();
    const { user, router } = await renderApp('/u/0/compose');
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect(screen.getByText('Not edited')).toBeInTheDocument();
    const draftId = router.state.location.pathname.split('/').pop()!;

    await user.type(subject, 'Hello');
    expect(screen.getByText('Not saved yet')).toBeInTheDocument();
    expect(readLocalDraft(0, draftId)?.draft.subject).toBe('Hello');

    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(saves(api)).toHaveLength(1);
    const save = saves(api)[0]!;
    expect(save.url.pathname).toBe(`/api/u/0/compose/drafts/${draftId}`);
    expect(save.body).toMatchObject({ draft: { subject: 'Hello' }, revision: expect.any(Number) });
    expect(readLocalDraft(0, draftId)?.savedRevision).toBe((save.body as { revision: number }).revision);
  });

  it('shows the new Drafts count as soon as a save, a discard or a send has changed Drafts', async () => {
    const api = serveCompose({ undoSeconds: 0 });
    // The server's tree: Drafts holds its two old messages and the drafts saved since.
    server.use(
      http.get('/api/u/:userIndex/mailbox', () => {
        const tree = sampleTree().map((folder) =>
          folder.specialUse === 'drafts' ? { ...folder, total: 2 + Object.keys(api.drafts).length } : folder,
        );
        return HttpResponse.json({ mailboxes: tree, quota: null });
      }),
    );
    setViewportWidth(1024);
    const { user, router } = await renderApp('/u/0/compose');
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    expect(await within(nav).findByRole('link', { name: 'Drafts, 2 messages' })).toBeInTheDocument();

    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Hi');
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Drafts, 3 messages' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(await within(nav).findByRole('link', { name: 'Drafts, 2 messages' })).toBeInTheDocument();

    // A message sent at once (no undo window): saved first, then gone from Drafts.
    await router.navigate('/u/0/compose?to=bob@example.test');
    // With its recipient given, the composer opens with the caret in the body (a frame after it shows).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message body' })).toHaveFocus());
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Sent');
    expect(await screen.findByText('Saved', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Drafts, 3 messages' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Drafts, 2 messages' })).toBeInTheDocument();
  }, 60_000);

  it('shows that a save could not reach the server and keeps the text on the device', async () => {
    serveCompose();
    server.use(http.put('/api/u/0/compose/drafts/:draftId', () => HttpResponse.error()));
    const { user, router } = await renderApp('/u/0/compose');
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Offline');
    expect(
      await screen.findByText(
        'Not saved: kept on this device until the server can be reached',
        {},
        { timeout: 4000 },
      ),
    ).toBeInTheDocument();
    const draftId = router.state.location.pathname.split('/').pop()!;
    expect(readLocalDraft(0, draftId)?.draft.subject).toBe('Offline');
  });

  it('resumes a draft from Drafts', async () => {
    const api = serveCompose({
      drafts: {
        [testDraftId]: buildResumedDraft({
          to: [{ name: 'Bob', address: 'bob@example.test' }],
          subject: 'From the server',
        }),
      },
    });
    await renderApp(draftPath);
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('From the server');
    expect(screen.getByRole('button', { name: 'Bob <bob@example.test>' })).toBeInTheDocument();
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'GET' && r.url.pathname.endsWith(testDraftId))).toBe(true);
  });

  it('restores a newer local copy over the server copy and saves it', async () => {
    const api = serveCompose({ drafts: { [testDraftId]: buildResumedDraft({ subject: 'Older' }, 1000) } });
    storeLocalCopy(
      { subject: 'Typed before the reload', to: [toChip('', 'ann@example.test'), toChip('', 'typo')] },
      { updatedAt: 5000, savedRevision: 1000 },
    );
    await renderApp(draftPath);
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Typed before the reload');
    expect(screen.getByRole('button', { name: 'typo: invalid address' })).toBeInTheDocument();

    await waitFor(() => expect(saves(api)).toHaveLength(1), { timeout: 4000 });
    expect(saves(api)[0]!.body).toMatchObject({
      revision: 5000,
      // The invalid chip stays on the device only.
      draft: { subject: 'Typed before the reload', to: [{ address: 'ann@example.test' }] },
    });
  });

  it('takes the server copy when it is newer than the local one', async () => {
    serveCompose({ drafts: { [testDraftId]: buildResumedDraft({ subject: 'Edited elsewhere' }, 9000) } });
    storeLocalCopy({ subject: 'Old local' }, { updatedAt: 5000, savedRevision: 5000 });
    await renderApp(draftPath);
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Edited elsewhere');
  });

  it('opens from the local copy when the server cannot be reached', async () => {
    serveCompose();
    server.use(http.get('/api/u/0/compose/drafts/:draftId', () => HttpResponse.error()));
    storeLocalCopy({ subject: 'Written offline' }, { updatedAt: 5000 });
    await renderApp(draftPath);
    expect(await screen.findByRole('textbox', { name: 'Subject' })).toHaveValue('Written offline');
  });
});
