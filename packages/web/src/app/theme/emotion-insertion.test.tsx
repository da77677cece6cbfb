import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useInsertionEffectAlwaysWithSyncFallback } from './emotion-insertion';

describe('emotion insertion', () => {
  it('runs emotion’s insertion while the component renders, not in the commit', () => {
    const insert = vi.fn();
    let insertedDuringRender = false;
    renderHook(() => {
      useInsertionEffectAlwaysWithSyncFallback(insert);
      insertedDuringRender = insert.mock.calls.length > 0;
    });
    expect(insertedDuringRender).toBe(true);
  });
});
