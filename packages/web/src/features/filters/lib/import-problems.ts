import type { FiltersImportResult } from '@webmail/contracts';
import type { useTranslation } from '../../../shared/i18n/translation';

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
export function importProblemsText(result: FiltersImportResult, t: FiltersT) {
  const entries = result.problems.map((p) =>
    t(p.skipped ? 'importSkipped' : 'importPartial', {
      name: p.name || `#${p.entry}`,
      properties: p.properties.map((property) => propertyText(property, t)).join(', '),
    }),
  );
  return [t('importProblems', { count: result.imported }), ...entries].join(' ');
}
