import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import VerticalAlignBottomIcon from '@mui/icons-material/VerticalAlignBottom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Filter, FiltersImportResult } from '@webmail/contracts';
import { useRef, useState } from 'react';
import { reasonText } from '../../../shared/api/error-text';
import { useTranslation } from '../../../shared/i18n/translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { useSnackbar } from '../../../shared/snackbar/use-snackbar';
import { pageFallback } from '../../../shared/ui/load-failed-alert';
import { ConfirmDialog } from '../../mailboxes/components/confirm-dialog';
import {
  filtersExportUrl,
  useDeleteFilter,
  useFilters,
  useImportFilters,
  useMassDeleteFilters,
  useMassToggleFilters,
  useMoveFilterToBottom,
  useTakeOverScript,
  useToggleFilter,
} from '../api/filters';
import { FilterDialog } from './filter-dialog';
import { ForwardingTargetsSection } from './forwarding-targets-section';
import { SpamLevelSection } from './spam-level-section';

/** On a phone the name takes the row and the actions wrap under it, so a long name is read whole. */
const rowSx = { gap: 1, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } } as const;
const nameSx = { minWidth: 0, flex: { xs: '1 1 calc(100% - 58px)', sm: '1 1 auto' } } as const;

type FiltersT = ReturnType<typeof useTranslation<'filters'>>['t'];

/** The server's words for what was left out, in the interface language; Gmail's own property names stay as they are. */
function propertyText(property: string, t: FiltersT): string {
  switch (property) {
    case 'no criteria':
      return t('importProperties.noCriteria');
    case 'no actions':
      return t('importProperties.noActions');
    case 'cannedResponse':
      return t('importProperties.cannedResponse');
    case 'forwardTo':
      return t('importProperties.forwardTo');
    default:
      return property;
  }
}

/** The import's partial failure: each entry and what was left out of it (an attention notice, shown 10 s). */
function importProblemsText(result: FiltersImportResult, t: FiltersT) {
  const entries = result.problems.map((p) =>
    t(p.skipped ? 'importSkipped' : 'importPartial', {
      name: p.name || `#${p.entry}`,
      properties: p.properties.map((property) => propertyText(property, t)).join(', '),
    }),
  );
  return [t('importProblems', { count: result.imported }), ...entries].join(' ');
}

/**
 * Page Filters (settings/filters): the filters in the order they run, each with its switch; new and edit in a
 * dialog; move to bottom; several selected → delete, enable, disable; Gmail XML import and export. When another
 * program's Sieve script is active, a notice asks before ours replaces it (the other one is kept). Below: the
 * forwarding targets (unless the plan switches them off) and the spam level.
 */
export function FiltersPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('filters');
  const { t: tErrors } = useTranslation('errors');
  const snackbar = useSnackbar();
  const list = useFilters(userIndex);
  const toggle = useToggleFilter(userIndex);
  const remove = useDeleteFilter(userIndex);
  const moveToBottom = useMoveFilterToBottom(userIndex);
  const massDelete = useMassDeleteFilters(userIndex);
  const massToggle = useMassToggleFilters(userIndex);
  const importFilters = useImportFilters(userIndex);
  const takeOver = useTakeOverScript(userIndex);
  const fileInput = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState<Filter | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Filter[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [askTakeOver, setAskTakeOver] = useState(false);

  const fallback = pageFallback(list, { loadFailed: t('loadFailed'), retry: t('retry') });
  if (fallback || !list.data) return fallback;
  const { filters, script } = list.data;
  if (filters === null) return <Alert severity="info">{t('unavailable')}</Alert>;

  const failed = (e: unknown) =>
    snackbar.show({ type: 'error', message: reasonText(e, tErrors) ?? t('saveFailed') });
  const chosen = filters.filter((f) => selected.has(f.id));
  const allChosen = filters.length > 0 && chosen.length === filters.length;
  const choose = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const toggleOne = (filter: Filter) =>
    toggle.mutate(
      { id: filter.id, disabled: !filter.disabled },
      {
        onSuccess: () =>
          snackbar.show({
            type: 'success',
            message: t(filter.disabled ? 'enabledOne' : 'disabledOne', { name: filter.name }),
          }),
        onError: failed,
      },
    );
  const toggleChosen = (disabled: boolean) =>
    massToggle.mutate(
      { ids: chosen.map((f) => f.id), disabled },
      {
        onSuccess: ({ changed }) =>
          snackbar.show({
            type: 'success',
            message: t(disabled ? 'massDisabled' : 'massEnabled', { count: changed }),
          }),
        onError: failed,
      },
    );
  const confirmDelete = () => {
    const doomed = deleting ?? [];
    setDeleting(null);
    const done = () => {
      setSelected(new Set());
      snackbar.show({ type: 'success', message: t('deleted', { count: doomed.length }) });
    };
    if (doomed.length === 1) remove.mutate(doomed[0]!.id, { onSuccess: done, onError: failed });
    else
      massDelete.mutate(
        doomed.map((f) => f.id),
        { onSuccess: done, onError: failed },
      );
  };
  const importFile = (file: File) =>
    importFilters.mutate(file, {
      onSuccess: (result) =>
        result.problems.length === 0
          ? snackbar.show({ type: 'success', message: t('imported', { count: result.imported }) })
          : snackbar.show({ type: 'attention', message: importProblemsText(result, t), timeout: 10_000 }),
      onError: (e) => snackbar.show({ type: 'error', message: reasonText(e, tErrors) ?? t('importFailed') }),
    });

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('intro')}
      </Typography>
      {script.state === 'foreign' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" onClick={() => setAskTakeOver(true)}>
              {t('foreign.useOurs')}
            </Button>
          }
        >
          {t('foreign.notice', { name: script.activeName ?? '' })}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('new')}
        </Button>
        <Button
          startIcon={<UploadFileOutlinedIcon />}
          disabled={importFilters.isPending}
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
            if (file) importFile(file);
          }}
        />
        <Button
          component="a"
          href={filtersExportUrl(userIndex)}
          download="mailFilters.xml"
          startIcon={<DownloadOutlinedIcon />}
          disabled={filters.length === 0}
          onClick={() => snackbar.show({ type: 'success', message: t('exported') })}
        >
          {t('export')}
        </Button>
      </Stack>
      {filters.length === 0 ? (
        <EmptyState icon={<FilterAltOutlinedIcon aria-hidden />} text={t('none')} />
      ) : (
        <>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Checkbox
              checked={allChosen}
              indeterminate={chosen.length > 0 && !allChosen}
              onChange={(e) => setSelected(new Set(e.target.checked ? filters.map((f) => f.id) : []))}
              slotProps={{ input: { 'aria-label': t('selectAll') } }}
            />
            {chosen.length > 0 && (
              <>
                <Typography variant="body2">{t('selected', { count: chosen.length })}</Typography>
                <Button size="small" onClick={() => toggleChosen(false)} disabled={massToggle.isPending}>
                  {t('enable')}
                </Button>
                <Button size="small" onClick={() => toggleChosen(true)} disabled={massToggle.isPending}>
                  {t('disable')}
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(chosen)}>
                  {t('delete')}
                </Button>
              </>
            )}
          </Stack>
          <List aria-label={t('listLabel')}>
            {filters.map((filter, index) => (
              <ListItem key={filter.id} disableGutters divider sx={rowSx}>
                <Checkbox
                  checked={selected.has(filter.id)}
                  onChange={(e) => choose(filter.id, e.target.checked)}
                  slotProps={{ input: { 'aria-label': t('select', { name: filter.name }) } }}
                />
                <ListItemText
                  primary={filter.name}
                  secondary={filter.disabled ? t('off') : t('on')}
                  sx={{ ...nameSx, opacity: filter.disabled ? 0.6 : 1 }}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
                <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0, ml: 'auto' }}>
                  <Tooltip title={t('toggle', { name: filter.name })}>
                    <Switch
                      checked={!filter.disabled}
                      onChange={() => toggleOne(filter)}
                      slotProps={{ input: { 'aria-label': t('toggle', { name: filter.name }) } }}
                    />
                  </Tooltip>
                  <Tooltip title={t('edit', { name: filter.name })}>
                    <IconButton
                      aria-label={t('edit', { name: filter.name })}
                      onClick={() => setEditing(filter)}
                    >
                      <EditOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('moveToBottom', { name: filter.name })}>
                    <span>
                      <IconButton
                        disabled={index === filters.length - 1}
                        aria-label={t('moveToBottom', { name: filter.name })}
                        onClick={() =>
                          moveToBottom.mutate(filter.id, {
                            onSuccess: () =>
                              snackbar.show({
                                type: 'success',
                                message: t('movedToBottom', { name: filter.name }),
                              }),
                            onError: failed,
                          })
                        }
                      >
                        <VerticalAlignBottomIcon />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('deleteOne', { name: filter.name })}>
                    <IconButton
                      aria-label={t('deleteOne', { name: filter.name })}
                      onClick={() => setDeleting([filter])}
                    >
                      <DeleteOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                </Stack>
              </ListItem>
            ))}
          </List>
        </>
      )}
      <ForwardingTargetsSection />
      <Divider sx={{ my: 3 }} />
      <SpamLevelSection />
      {editing !== null && (
        <FilterDialog filter={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDeleteTitle', { count: deleting?.length ?? 0 })}
        message={(deleting ?? []).map((f) => f.name).join(', ')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={askTakeOver}
        title={t('foreign.confirmTitle')}
        message={t('foreign.confirmText', { name: script.activeName ?? '' })}
        confirmLabel={t('foreign.useOurs')}
        cancelLabel={t('cancel')}
        pending={takeOver.isPending}
        onConfirm={() =>
          takeOver.mutate(undefined, {
            onSuccess: () => {
              setAskTakeOver(false);
              snackbar.show({ type: 'success', message: t('foreign.done') });
            },
            onError: (e) => {
              setAskTakeOver(false);
              failed(e);
            },
          })
        }
        onCancel={() => setAskTakeOver(false)}
      />
    </Box>
  );
}
