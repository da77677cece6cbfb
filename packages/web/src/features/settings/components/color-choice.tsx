import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Tooltip from '@mui/material/Tooltip';
import type { ThemeColor } from '@webmail/contracts';
import { useId } from 'react';
import { themeNameOf, themePalettes } from '../../../shared/ui/theme-palettes';

/**
 * The colour of the theme: one round swatch per colour (its primary and secondary, in the current light or dark
 * mode), the chosen one checked.
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
          const palette = themePalettes[themeNameOf(color, props.dark)];
          const [main, second] = [palette.primary.main, palette.secondary.main];
          const swatch = (checked: boolean) => (
            <Box
              sx={{
                width: 40,
                height: 40,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                background: `linear-gradient(135deg, ${main} 50%, ${second} 50%)`,
                outline: checked ? 3 : 1,
                outlineColor: checked ? 'text.primary' : 'divider',
                outlineOffset: 2,
                color: palette.primary.contrastText,
              }}
            >
              {checked && <CheckIcon fontSize="small" />}
            </Box>
          );
          return (
            <Tooltip key={color} title={props.labelOf(color)}>
              <Radio
                value={color}
                icon={swatch(false)}
                checkedIcon={swatch(true)}
                slotProps={{ input: { 'aria-label': props.labelOf(color) } }}
                sx={{ p: 0.5 }}
              />
            </Tooltip>
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
