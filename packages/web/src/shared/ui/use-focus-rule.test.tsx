import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import Drawer from '@mui/material/Drawer';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import { act, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageHeadingProps } from './focus-rule';
import { useFocusRule } from './use-focus-rule';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** The app's root: the rule, a page with its heading in the main landmark, and what the case puts beside it. */
function app(overlay: ReactNode) {
  function Root() {
    useFocusRule();
    return (
      <>
        <main>
          <h1 {...pageHeadingProps}>Page</h1>
          <Outlet />
        </main>
        {overlay}
      </>
    );
  }
  const router = createMemoryRouter(
    [{ path: '/', element: <Root />, children: [{ path: 'a' }, { path: 'b' }] }],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Runs the clock in steps, each rendered, as a browser would (a transition's end re-renders before the next). */
async function advance(ms: number) {
  for (let passed = 0; passed < ms; passed += 50) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
  }
}

/** Navigates and lets every timer of the rule (and MUI's transitions) run. */
async function navigateAndSettle(router: ReturnType<typeof app>) {
  await act(async () => {
    await router.navigate('/b');
  });
  await advance(2_000);
}

function OpenMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button ref={(node) => setAnchor((current) => current ?? node)}>Open</Button>
      <Menu open={anchor !== null} anchorEl={anchor}>
        <MenuItem autoFocus>Move to…</MenuItem>
      </Menu>
    </>
  );
}

describe('the focus rule after navigation never takes the focus from an open overlay', () => {
  // Every kind of overlay the app opens: MUI's Dialog (the Welcome dialog), a Menu (More actions), a temporary
  // Drawer (quick settings), and the onboarding tour's step (an alertdialog with aria-modal, drawn by the tour).
  const overlays: [string, ReactNode, string][] = [
    [
      'the Welcome dialog',
      <Dialog open key="d">
        <Button autoFocus>Start the tour</Button>
      </Dialog>,
      'Start the tour',
    ],
    ['a menu', <OpenMenu key="m" />, 'Move to…'],
    [
      'a drawer',
      <Drawer open key="r">
        <Button autoFocus>All settings</Button>
      </Drawer>,
      'All settings',
    ],
    [
      'an onboarding step',
      <Paper role="alertdialog" aria-modal key="t">
        <Button autoFocus>Next</Button>
      </Paper>,
      'Next',
    ],
  ];
  for (const [name, overlay, focused] of overlays) {
    it(`keeps the focus in ${name}`, async () => {
      const router = app(overlay);
      await advance(500);
      const target = screen.getByText(focused).closest('button, li') as HTMLElement;
      act(() => target.focus());
      await navigateAndSettle(router);
      expect(document.activeElement).toBe(target);
    });
  }

  it('moves the focus to the new page’s heading when no overlay is open', async () => {
    const router = app(<Button key="b">Elsewhere</Button>);
    act(() => screen.getByText('Elsewhere').focus());
    await navigateAndSettle(router);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Page' }));
  });

  it('moves it there once a closing drawer has gone (a folder chosen in the phone’s drawer)', async () => {
    function ClosingDrawer() {
      const [open, setOpen] = useState(true);
      return (
        <Drawer open={open}>
          <Button autoFocus onClick={() => setOpen(false)}>
            Inbox
          </Button>
        </Drawer>
      );
    }
    const router = app(<ClosingDrawer key="c" />);
    await advance(500);
    const folder = screen.getByText('Inbox');
    act(() => folder.click());
    await navigateAndSettle(router);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Page' }));
  });
});
