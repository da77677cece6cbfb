import Box from '@mui/material/Box';

/** The product mark: an envelope in the primary colour. Decorative; the product name sits beside it. */
export function Logo({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect x="1" y="1" width="30" height="30" rx="8" fill="#b00e22" />
      <path d="M7 10.5h18v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 7 21.5z" fill="#fff" />
      <path
        d="M7.4 10.9 16 17.4l8.6-6.5"
        fill="none"
        stroke="#b00e22"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </Box>
  );
}
