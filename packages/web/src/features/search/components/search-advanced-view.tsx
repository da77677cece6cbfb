import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useAdvancedSearchForm } from '../hooks/use-advanced-search-form';
import { emptyForm, formErrors, type AdvancedSearchForm } from '../lib/advanced-search-form';
import { SearchSizeFields } from './search-size-fields';

export interface ScopeChoice {
  /** The `in:` value (a folder path). */
  value: string;
  label: string;
  depth: number;
}

export interface SearchAdvancedViewProps {
  text: string;
  onTextChange: (text: string) => void;
  scopes: readonly ScopeChoice[];
  /** The query's problems (the Search button stays disabled while there are any). */
  errorText: string | null;
  onSearch: () => void;
  onBack: () => void;
  /**
   * The filter-creation mode's place (criteria, then name and actions): the filters feature renders its "Create
   * filter" button here from the form's fields when it exists. Nothing is shown without it.
   */
  filterCreation?: (form: AdvancedSearchForm) => ReactNode;
}

// The date picker library is loaded with the advanced view, not with the shell the search bar is part of.
const SearchDateFields = lazy(async () => ({
  default: (await import('./search-date-fields')).SearchDateFields,
}));

/**
 * The advanced view: fields for the query's parts. The form and the bar's text stay in step both ways: every
 * change of a field rewrites the text, and text typed in the bar is read back into the fields
 * (`useAdvancedSearchForm`). The size row is `SearchSizeFields`, the dates `SearchDateFields`.
 */
export function SearchAdvancedView(props: SearchAdvancedViewProps) {
  const { text, onTextChange, scopes, errorText } = props;
  const { t } = useTranslation('search');
  const { form, update } = useAdvancedSearchForm(text, onTextChange);
  const errors = formErrors(form);
  // A date typed half or wrong: no search until it is whole. Reset starts the date fields afresh (`generation`).
  const [badDates, setBadDates] = useState(false);
  const [generation, setGeneration] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!blocked) props.onSearch();
  };
  const blocked = errorText !== null || Object.keys(errors).length > 0 || badDates || text.trim() === '';
  const field = (name: 'from' | 'to' | 'subject' | 'words') => (
    <TextField
      size="small"
      fullWidth
      label={t(`advanced.${name}`)}
      value={form[name]}
      onChange={(event) => update({ [name]: event.target.value })}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ p: 2 }} aria-label={t('advanced.title')}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500, mb: 1.5 }}>
        {t('advanced.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('from')}
        {field('to')}
        {field('subject')}
        {field('words')}
      </Box>
      <SearchSizeFields form={form} errors={errors} onChange={update} />
      <Suspense fallback={<Box sx={{ height: 40, mt: 1.5 }} />}>
        <SearchDateFields
          key={generation}
          after={form.after}
          before={form.before}
          onChange={update}
          onInvalidChange={(names) => setBadDates(names.length > 0)}
        />
      </Suspense>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('advanced.scope')}
          value={form.scope}
          onChange={(event) => update({ scope: event.target.value })}
          sx={{ flex: '1 1 220px' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('advanced.scopeDefault')}</MenuItem>
          <MenuItem value="anywhere">{t('advanced.scopeAnywhere')}</MenuItem>
          {scopes.map((scope) => (
            <MenuItem key={scope.value} value={scope.value} sx={{ pl: 2 + scope.depth * 2 }}>
              {scope.label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox
              checked={form.hasAttachment}
              onChange={(event) => update({ hasAttachment: event.target.checked })}
            />
          }
          label={t('advanced.hasAttachment')}
        />
      </Box>
      {errorText && (
        <Typography role="alert" variant="body2" sx={{ color: 'error.main', mt: 1.5 }}>
          {errorText}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        {props.filterCreation && <Box sx={{ mr: 'auto' }}>{props.filterCreation(form)}</Box>}
        <Button onClick={props.onBack}>{t('advanced.back')}</Button>
        <Button
          onClick={() => {
            update(emptyForm);
            setBadDates(false);
            setGeneration((g) => g + 1);
          }}
        >
          {t('advanced.reset')}
        </Button>
        <Button type="submit" variant="contained" disabled={blocked}>
          {t('advanced.search')}
        </Button>
      </Box>
    </Box>
  );
}
