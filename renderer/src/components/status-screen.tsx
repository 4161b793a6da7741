import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowClockwise20Regular, ArrowLeft20Regular, CloudOff48Regular, Home20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isNotKeptOffline } from '../connectivity/not-kept';
import { errorText } from '../i18n/error-text';

/** The three status pages of spec §2. */
export type StatusKind = 'forbidden' | 'notFound' | 'serverError';

const statusCodes: Record<StatusKind, number> = { forbidden: 403, notFound: 404, serverError: 500 };

const useStyles = makeStyles({
  root: {
    minHeight: '60vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    textAlign: 'center',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    gap: tokens.spacingVerticalS,
  },
  code: {
    fontSize: '96px',
    lineHeight: '1',
    fontWeight: tokens.fontWeightBold,
    letterSpacing: '-0.04em',
    color: tokens.colorBrandForeground1,
    opacity: 0.85,
    marginBottom: tokens.spacingVerticalM,
  },
  body: { display: 'block', maxWidth: '480px', textAlign: 'center', color: tokens.colorNeutralForeground2 },
  detail: { color: tokens.colorNeutralForeground3 },
  offlineIcon: { color: tokens.colorNeutralForeground3, fontSize: '48px', marginBottom: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalL },
});

interface StatusScreenProps {
  readonly kind: StatusKind;
  /** The error behind a 500, shown as its localized catalogue message. */
  readonly error?: unknown;
  /** Offers "Try again" (a boundary reset or a refetch). */
  readonly onRetry?: () => void;
}

/**
 * A status page (403, 404, 500) with a real explanation and ways out: home (which the index route
 * resolves to the welcome page or the sign-in page), back, and a retry where one makes sense.
 */
export function StatusScreen({ kind, error, onRetry }: StatusScreenProps) {
  const styles = useStyles();
  const { t } = useTranslation(['pages', 'errors']);
  const navigate = useNavigate();
  const code = statusCodes[kind];
  if (isNotKeptOffline(error)) return <NotKeptScreen />;
  return (
    <section className={styles.root} aria-labelledby="status-title">
      <div className={styles.code} aria-hidden="true">
        {code}
      </div>
      <Text as="h1" id="status-title" size={600} weight="semibold">
        {t(`pages:errors.${kind}.title`)}
      </Text>
      <Text className={styles.body}>{t(`pages:errors.${kind}.body`)}</Text>
      {error !== undefined ? <Text className={styles.detail}>{errorText(t, error)}</Text> : null}
      <Text className={styles.detail} size={200}>
        {t('pages:errors.code', { code })}
      </Text>
      <div className={styles.actions}>
        {onRetry ? (
          <Button appearance="primary" icon={<ArrowClockwise20Regular />} onClick={onRetry}>
            {t('pages:errors.tryAgain')}
          </Button>
        ) : null}
        <Button appearance={onRetry ? 'secondary' : 'primary'} icon={<Home20Regular />} onClick={() => navigate('/')}>
          {t('pages:errors.backHome')}
        </Button>
        {window.history.length > 1 ? (
          <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => navigate(-1)}>
            {t('pages:errors.goBack')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Offline, a screen this computer keeps nothing of (issue 14): said plainly, without an error code,
 * since nothing failed; it loads by itself when the connection returns.
 */
function NotKeptScreen() {
  const styles = useStyles();
  const { t } = useTranslation(['offline', 'pages']);
  const navigate = useNavigate();
  return (
    <section className={styles.root} aria-labelledby="status-title">
      <CloudOff48Regular className={styles.offlineIcon} aria-hidden="true" />
      <Text as="h1" id="status-title" size={600} weight="semibold">
        {t('offline:notKept.title')}
      </Text>
      <Text className={styles.body}>{t('offline:notKept.body')}</Text>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<Home20Regular />} onClick={() => navigate('/')}>
          {t('pages:errors.backHome')}
        </Button>
        {window.history.length > 1 ? (
          <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => navigate(-1)}>
            {t('pages:errors.goBack')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** `/403`. */
export function ForbiddenPage() {
  return <StatusScreen kind="forbidden" />;
}

/** `/404`; every unknown console address is sent here. */
export function NotFoundPage() {
  return <StatusScreen kind="notFound" />;
}

/** `/500`. */
export function ServerErrorPage() {
  return <StatusScreen kind="serverError" />;
}
