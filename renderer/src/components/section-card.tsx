import { Card, CardHeader, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL, borderRadius: tokens.borderRadiusXLarge },
  description: { color: tokens.colorNeutralForeground3 },
});

/** A titled card: the building block of console pages (one topic per card). */
export function SectionCard({
  title,
  description,
  action,
  children,
  className,
  headingLevel = 'h2',
}: {
  readonly title: string;
  readonly description?: string;
  readonly action?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string;
  readonly headingLevel?: 'h2' | 'h3';
}) {
  const styles = useStyles();
  return (
    <Card className={mergeClasses(styles.card, className)}>
      <CardHeader
        header={
          <Text as={headingLevel} size={400} weight="semibold">
            {title}
          </Text>
        }
        description={description ? <Text size={200} className={styles.description}>{description}</Text> : undefined}
        action={action as never}
      />
      {children}
    </Card>
  );
}
