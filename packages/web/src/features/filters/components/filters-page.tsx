import FilterAltOutlinedIcon from '@mui/icons-material/FilterAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import type { Filter } from '@webmail/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translation';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useUserIndex } from '../../../shared/session/use-user-index';
import { pageFallback } from '../../../shared/ui/load-failed-alert';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useFilters } from '../api/filters';
import { useFilterListActions } from '../hooks/use-filter-list-actions';
import { FilterDialog } from './filter-dialog';
import { FilterRow } from './filter-row';
import { FiltersSelectionBar } from './filters-selection-bar';
import { FiltersToolbar } from './filters-toolbar';
import { ForeignScriptNotice } from './foreign-script-notice';
import { ForwardingTargetsSection } from './forwarding-targets-section';
import { SpamLevelSection } from './spam-level-section';

/**
 * Page Filters (settings/filters): the filters in the order they run, each with its switch; new and edit in a
 * dialog; move to bottom; several selected → delete, enable, disable; Gmail XML import and export. When another
 * program's Sieve script is active, a notice asks before ours replaces it (the other one is kept). Below: the
 * forwarding targets (unless the plan switches them off) and the spam level.
 */
export function FiltersPage() {
  const userIndex = useUserIndex();
  const { t } = useTranslation('filters');
  const list = useFilters(userIndex);
  const actions = useFilterListActions(userIndex);
  const [editing, setEditing] = useState<Filter | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Filter[] | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const fallback = pageFallback(list, { loadFailed: t('loadFailed'), retry: t('retry') });
  if (fallback || !list.data) return fallback;
  const { filters, script } = list.data;
  if (filters === null) return <Alert severity="info">{t('unavailable')}</Alert>;

  const chosen = filters.filter((f) => selected.has(f.id));
  const choose = (id: string, on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const confirmDelete = () => {
    const doomed = deleting ?? [];
    setDeleting(null);
    actions.deleteFilters(doomed, () => setSelected(new Set()));
  };
  return (
    <Box sx={{ maxWidth: 760 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('intro')}
      </Typography>
      <ForeignScriptNotice
        shown={script.state === 'foreign'}
        scriptName={script.activeName ?? ''}
        onFailed={actions.failed}
      />
      <FiltersToolbar
        userIndex={userIndex}
        onNew={() => setEditing('new')}
        onImport={actions.importFile}
        importing={actions.importPending}
        empty={filters.length === 0}
      />
      {filters.length === 0 ? (
        <EmptyState icon={<FilterAltOutlinedIcon aria-hidden />} text={t('none')} />
      ) : (
        <>
          <FiltersSelectionBar
            total={filters.length}
            chosen={chosen.length}
            onSelectAll={(on) => setSelected(new Set(on ? filters.map((f) => f.id) : []))}
            onEnable={() => actions.toggleChosen(chosen, false)}
            onDisable={() => actions.toggleChosen(chosen, true)}
            onDelete={() => setDeleting(chosen)}
            pending={actions.massTogglePending}
          />
          <List aria-label={t('listLabel')}>
            {filters.map((filter, index) => (
              <FilterRow
                key={filter.id}
                filter={filter}
                last={index === filters.length - 1}
                selected={selected.has(filter.id)}
                onSelect={(on) => choose(filter.id, on)}
                onToggle={() => actions.toggleOne(filter)}
                onEdit={() => setEditing(filter)}
                onMoveToBottom={() => actions.moveOneToBottom(filter)}
                onDelete={() => setDeleting([filter])}
              />
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
    </Box>
  );
}
