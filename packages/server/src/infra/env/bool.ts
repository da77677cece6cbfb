import { z } from 'zod';

/** A yes/no variable: true, 1 or yes; false, 0 or no. */
export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
