import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleTree } from '../../test/folder.testing';
import { messageDragType } from '../../shared/dnd/message-drag';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { setViewportWidth } from '../../test/media-query';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';

describe('base layout: messages dropped on a folder', () => {
  it('moves them there with a mass action', async () => {
    signIn(0);
    setViewportWidth(1024);
    const posted: unknown[] = [];
    server.use(
      ...mailApi({ tree: sampleTree(), messages: {} }).handlers,
      http.post('/api/u/0/mailbox/massAction', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ code: 'MailServerUnavailable', message: 'down' }, { status: 503 });
      }),
    );
    await renderApp('/u/0/id-inbox');
    const nav = await screen.findByRole('navigation', { name: 'Folders' });
    const sent = await within(nav).findByRole('link', { name: /^Sent/ });
    const payload = JSON.stringify({ userIndex: 0, mailboxId: 'id-inbox', messageIds: [4, 5], count: 2 });
    const dataTransfer = {
      types: [messageDragType],
      getData: (type: string) => (type === messageDragType ? payload : ''),
      dropEffect: 'none',
    };

    fireEvent.dragOver(sent, { dataTransfer });
    fireEvent.drop(sent, { dataTransfer });

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ action: 'move', moveToTarget: 'id-sent' });
  });
});
