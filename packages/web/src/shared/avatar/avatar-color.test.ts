import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { avatarColor, avatarPalette } from './avatar-color';

describe('avatar colours', () => {
  it('every colour carries white initials at 4.5:1 or more, whatever the name', () => {
    for (const colour of avatarPalette)
      expect(getContrastRatio(colour, '#fff'), colour).toBeGreaterThanOrEqual(4.5);
  });

  it('a name keeps its colour', () => {
    expect(avatarColor('Maija Meikäläinen')).toBe(avatarColor('maija meikäläinen'));
  });
});
