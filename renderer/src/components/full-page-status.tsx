import { Spinner } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import classes from './public.module.css';

/** The waiting state of a whole screen (session check, chunk loading). */
export function FullPageSpinner({ label }: { readonly label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={classes.fullPage}>
      <Spinner size="medium" label={label ?? t('status.loading')} labelPosition="below" />
    </div>
  );
}
