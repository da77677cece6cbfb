import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { languages, type Language } from '@webmail/contracts';
import { useId, useState } from 'react';
import { useTranslation } from './translation';

/** Picks the interface language. The choice is stored and sent as Accept-Language by the app's i18n. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = (i18n.resolvedLanguage ?? i18n.language) as Language;

  const choose = (language: Language) => {
    setAnchor(null);
    if (language !== current) void i18n.changeLanguage(language);
  };

  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.choose', { language: t(`language.names.${current}`) })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.secondary' }}
      >
        {t(`language.names.${current}`)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language}
            lang={language}
            selected={language === current}
            onClick={() => choose(language)}
          >
            <ListItemIcon>{language === current ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{t(`language.names.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
