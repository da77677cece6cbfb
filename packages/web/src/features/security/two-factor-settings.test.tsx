import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mailApi, signIn } from '../../test/api-handlers.testing';
import { server } from '../../test/msw-server';
import { renderApp } from '../../test/render-app';
import { setViewportWidth } from '../../test/media-query';
import { sampleTree } from '../../test/folder.testing';
import { securityApi } from './security.testing';

function setup() {
  signIn(0);
  const api = securityApi();
  server.use(...mailApi({ tree: sampleTree(), messages: {} }).handlers, ...api.handlers);
  setViewportWidth(1024);
  return api;
}

describe('two-step sign-in settings', () => {
  it('asks for the password, shows the QR code and secret, enables with a code and shows the recovery codes once', async () => {
    const api = setup();
    const { user } = await renderApp('/u/0/settings/security/2fa');

    expect(await screen.findByRole('tab', { name: 'Two-step sign-in', selected: true })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Set up authenticator app' }));

    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(reauth).getByLabelText('Password'), 'wrong');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(await within(reauth).findByRole('alert')).toHaveTextContent('The password is not right.');
    await user.clear(within(reauth).getByLabelText('Password'));
    await user.type(within(reauth).getByLabelText('Password'), 'right');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));

    const setupDialog = await screen.findByRole('dialog', { name: 'Set up authenticator app' });
    expect(within(setupDialog).getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(setupDialog).getByRole('img', { name: 'QR code for the authenticator app' }),
      ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml/)),
    );
    await user.type(within(setupDialog).getByLabelText('Six-digit code from the app'), '654321');
    await user.click(within(setupDialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(setupDialog).findByRole('alert')).toHaveTextContent(/not valid/);
    await user.clear(within(setupDialog).getByLabelText('Six-digit code from the app'));
    await user.type(within(setupDialog).getByLabelText('Six-digit code from the app'), '123456');
    await user.click(within(setupDialog).getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('dialog', { name: 'Recovery codes' });
    const list = within(codes).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(api.recoveryCodes);
    await user.click(within(codes).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText(api.recoveryCodes[0]!)).not.toBeInTheDocument());
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(await screen.findByText(/10 unused recovery codes left/)).toBeInTheDocument();
  });

  it('shows an application password once, in groups of four', async () => {
    const api = setup();
    api.twoFactor.reauthenticatedUntil = Date.now() + 300_000;
    const { user } = await renderApp('/u/0/settings/security/asps');

    await user.type(await screen.findByLabelText('Description'), 'Thunderbird');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'App password for “Thunderbird”' });
    expect(within(shown).getByLabelText('App password')).toHaveTextContent('abcd efgh ijkl mnop');
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    const list = await screen.findByRole('list', { name: 'App passwords' });
    expect(within(list).getByText('Thunderbird')).toBeInTheDocument();
    expect(within(list).getByText(/Not used yet/)).toBeInTheDocument();
    expect(screen.queryByText(/abcd efgh/)).not.toBeInTheDocument();
  });
});
