import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation, type TFunction } from '../../../shared/i18n/translation';
import type { SendProblem } from '../lib/send-check';

function describe(problem: SendProblem, t: TFunction<'compose'>): string {
  switch (problem.kind) {
    case 'noRecipients':
      return t('problems.noRecipients');
    case 'invalidRecipients':
      return t('problems.invalidRecipients', { addresses: problem.addresses.join(', ') });
    case 'tooManyRecipients':
      return t('problems.tooManyRecipients', { limit: problem.limit, total: problem.count });
    case 'subjectTooLong':
      return t('problems.subjectTooLong', { limit: problem.limit, length: problem.length });
    case 'uploadsPending':
      return t('problems.uploadsPending');
    case 'uploadsFailed':
      return t('problems.uploadsFailed');
  }
}

/**
 * Why Send did nothing, in words (shown after a send attempt until the problems are fixed), and the server's
 * messages that belong to no single field.
 */
export function SendProblems({ problems, general = [] }: { problems: SendProblem[]; general?: string[] }) {
  const { t } = useTranslation('compose');
  if (problems.length === 0 && general.length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mx: { xs: 1, sm: 2 }, mb: 1 }}>
      <AlertTitle>{t('problems.title')}</AlertTitle>
      {problems.map((problem) => (
        <div key={problem.kind}>{describe(problem, t)}</div>
      ))}
      {general.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
