import { Badge, Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { previewTokenTarget } from '@contract/api/preview';
import { PageHeader } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useApiQuery } from '../../data/api-hooks';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';
import { PreviewQrCode } from './preview-card';

const useStyles = makeStyles({
  layout: { display: 'grid', gridTemplateColumns: 'minmax(0, 640px)', gap: tokens.spacingVerticalXL },
  body: { display: 'flex', gap: tokens.spacingHorizontalXXL, alignItems: 'flex-start', flexWrap: 'wrap' },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, margin: 0 },
  term: { color: tokens.colorNeutralForeground2 },
  detail: { margin: 0 },
});

const stateColour = { valid: 'success', expired: 'warning', revoked: 'danger' } as const;

/**
 * `/preview/:token`: a signed preview link opened on the desktop (`palette://preview/<token>`, e.g.
 * forwarded to a reviewer's computer). The server checks the token and says whose link it is, for
 * which app, until when and whether it still works; the QR code lets the reviewer open it on the test
 * phone from here. A token this server did not sign is refused (100204) and said so.
 */
export default function PreviewLinkPage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['projectPages', 'errors']);
  const navigate = useNavigate();
  const token = useParams().token ?? '';
  const target = previewTokenTarget(token);
  const resolved = useApiQuery(
    'previewLinks.resolve',
    { params: { projectId: target?.projectId ?? '', id: target?.appId ?? '' }, body: { token } },
    { enabled: target !== null, retry: false },
  );
  const title = t('projectPages:preview.opened.title');
  if (!target || resolved.isError) {
    return (
      <div className={styles.layout}>
        <PageHeader title={title} />
        <MessageBar intent="error">
          <MessageBarBody>{target ? errorText(t, resolved.error) : t('projectPages:preview.opened.notALink')}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  if (!resolved.data) {
    return (
      <div className={styles.layout}>
        <PageHeader title={title} />
        <Spinner label={t('projectPages:preview.opened.checking')} />
      </div>
    );
  }
  const { link, appName, state, url } = resolved.data;
  return (
    <div className={styles.layout}>
      <PageHeader title={title} />
      <SectionCard title={t('projectPages:preview.opened.cardTitle', { reviewer: link.reviewer })}>
        <div className={styles.body}>
          {state === 'valid' ? <PreviewQrCode text={url} label={t('projectPages:preview.links.qrLabel', { reviewer: link.reviewer })} /> : null}
          <dl className={styles.facts}>
            <dt className={styles.term}>{t('projectPages:preview.opened.app')}</dt>
            <dd className={styles.detail}>{appName}</dd>
            <dt className={styles.term}>{t('projectPages:preview.opened.state')}</dt>
            <dd className={styles.detail}>
              <Badge appearance="tint" color={stateColour[state]}>
                {t(`projectPages:preview.opened.states.${state}`)}
              </Badge>
            </dd>
            <dt className={styles.term}>{t('projectPages:preview.opened.expires')}</dt>
            <dd className={styles.detail}>{formatDateTime(link.expiresAt, i18n.language)}</dd>
          </dl>
        </div>
        <Text as="p">{t(state === 'valid' ? 'projectPages:preview.opened.scan' : 'projectPages:preview.opened.notUsable')}</Text>
        <div>
          <Button appearance="secondary" onClick={() => navigate(`/projects/${target.projectId}/settings/${target.appId}`)}>
            {t('projectPages:preview.opened.toSettings')}
          </Button>
        </div>
      </SectionCard>
    </div>
  );
}
