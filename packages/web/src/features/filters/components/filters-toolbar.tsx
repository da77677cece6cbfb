import AddIcon from '@mui/icons-material/Add';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { filtersExportUrl } from '../api/filters';

export interface FiltersToolbarProps {
  userIndex: number;
  onNew: () => void;
  onImport: (file: File) => void;
  importing: boolean;
  /** Nothing to export. */
  empty: boolean;
}

/** New filter, Gmail XML import (a file picker) and export (a download of the server's file). */
export function FiltersToolbar({ userIndex, onNew, onImport, importing, empty }: FiltersToolbarProps) {
  const { t } = useTranslation('filters');
  const snackbar = useSnackbar();
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onNew}>
        {t('new')}
      </Button>
      <Button
        startIcon={<UploadFileOutlinedIcon />}
        disabled={importing}
        onClick={() => fileInput.current?.click()}
      >
        {t('import')}
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept=".xml,application/xml,text/xml"
        hidden
        data-testid="filters-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onImport(file);
        }}
      />
      <Button
        component="a"
        href={filtersExportUrl(userIndex)}
        download="mailFilters.xml"
        startIcon={<DownloadOutlinedIcon />}
        disabled={empty}
        onClick={() => snackbar.show({ type: 'success', message: t('exported') })}
      >
        {t('export')}
      </Button>
    </Stack>
  );
}
