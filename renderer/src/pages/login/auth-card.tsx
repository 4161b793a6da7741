import { Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: {
    width: '100%',
    maxWidth: '420px',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusXLarge,
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBottom: tokens.spacingVerticalS },
  subtitle: { color: tokens.colorNeutralForeground2 },
});

/** The card every public form sits in: a heading, a line of explanation, the form. */
export function AuthCard({ title, subtitle, children }: { readonly title: string; readonly subtitle?: string; readonly children: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} appearance="filled">
      <div className={styles.header}>
        <Text as="h1" size={600} weight="semibold">
          {title}
        </Text>
        {subtitle ? <Text className={styles.subtitle}>{subtitle}</Text> : null}
      </div>
      {children}
    </Card>
  );
}

/** Shared form layout styles of the public forms. */
export const useAuthFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalM },
  submit: { width: '100%' },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalS },
  center: { display: 'flex', justifyContent: 'center' },
  iconLink: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});
