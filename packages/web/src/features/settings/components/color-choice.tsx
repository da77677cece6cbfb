import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ThemeColor } from '@webmail/contracts';
import { useId } from 'react';
import { themeNameOf, themePalettes } from '../../../shared/ui/theme-palettes';

/**
 * The hue a theme is named after, in the current mode: blue keeps the brand's red primary and is blue in its
 * secondary colour and page tint, so its swatch shows the blue; the others show their primary.
 */
function namedHue(color: ThemeColor, dark: boolean): { fill: string; on: string } {
  const palette = themePalettes[themeNameOf(color, dark)];
  return color === 'blue'
    ? { fill: palette.secondary.main, on: palette.secondary.contrastText }
    : { fill: palette.primary.main, on: palette.primary.contrastText };
}

/**
 * The colour of the theme: one round swatch per colour in the colour it is named after (current light or dark
 * mode), its name under it, the chosen one checked.
 */
export function ColorChoice(props: {
  label: string;
  value: ThemeColor;
  colors: readonly ThemeColor[];
  dark: boolean;
  labelOf: (color: ThemeColor) => string;
  onChange: (color: ThemeColor) => void;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" sx={{ display: 'block' }}>
      <FormLabel id={labelId} component="legend" sx={{ color: 'text.primary', fontWeight: 500, mb: 1 }}>
        {props.label}
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value as ThemeColor)}
        sx={{ gap: 1.5 }}
      >
        {props.colors.map((color) => {
          const hue = namedHue(color, props.dark);
          const swatch = (checked: boolean) => (
            <Box
              sx={{
                width: 40,
                height: 40,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: hue.fill,
                outline: checked ? 3 : 1,
                outlineColor: checked ? 'text.primary' : 'divider',
                outlineOffset: 2,
                color: hue.on,
              }}
            >
              {checked && <CheckIcon fontSize="small" />}
            </Box>
          );
          return (
            <Box key={color} component="label" sx={{ display: 'grid', justifyItems: 'center', gap: 0.5 }}>
              <Radio value={color} icon={swatch(false)} checkedIcon={swatch(true)} sx={{ p: 0.5 }} />
              <Box component="span" sx={{ typography: 'caption', color: 'text.secondary' }}>
                {props.labelOf(color)}
              </Box>
            </Box>
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
