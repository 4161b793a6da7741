import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
  },
  icon: { color: tokens.colorNeutralForeground4, fontSize: '40px', display: 'flex', marginBottom: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground3, maxWidth: '320px' },
});

/** An honest "nothing here yet": what would appear, never invented items. */
export function EmptyState({ icon, title, hint }: { readonly icon: ReactNode; readonly title: string; readonly hint?: string }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <span className={styles.icon} aria-hidden="true">
        {icon}
      </span>
      <Text weight="semibold">{title}</Text>
      {hint ? (
        <Text size={200} className={styles.hint}>
          {hint}
        </Text>
      ) : null}
    </div>
  );
}
