import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalXL,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  description: { color: tokens.colorNeutralForeground2 },
});

/** The title block every console page starts with: one `h1`, a line of context, optional actions. */
export function PageHeader({ title, description, actions }: { readonly title: string; readonly description?: string; readonly actions?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <div className={styles.text}>
        <Text as="h1" size={700} weight="semibold">
          {title}
        </Text>
        {description ? <Text className={styles.description}>{description}</Text> : null}
      </div>
      {actions}
    </div>
  );
}
