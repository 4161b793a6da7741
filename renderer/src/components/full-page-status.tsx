import { makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    minHeight: '60vh',
    display: 'grid',
    placeItems: 'center',
    padding: tokens.spacingVerticalXXL,
  },
});

/** The waiting state of a whole screen (session check, chunk loading). */
export function FullPageSpinner({ label }: { readonly label?: string }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div className={styles.root}>
      <Spinner size="medium" label={label ?? t('status.loading')} labelPosition="below" />
    </div>
  );
}
