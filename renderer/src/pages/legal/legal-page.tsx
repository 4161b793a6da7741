import { Button, Card, Link, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { helpLinkIds, useHelpLinks, type HelpLinkId } from '../../components/external-links';
import { legalDocForPath, legalSections } from './legal-docs';

const useStyles = makeStyles({
  root: { width: '100%', maxWidth: '980px', marginLeft: 'auto', marginRight: 'auto', boxSizing: 'border-box' },
  card: {
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    '@media (max-width: 640px)': { padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalL}` },
  },
  top: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  tabs: { marginLeft: `calc(-1 * ${tokens.spacingHorizontalM})` },
  header: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalL,
    paddingBottom: tokens.spacingVerticalL,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  summary: { color: tokens.colorNeutralForeground2, maxWidth: '72ch' },
  layout: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) 220px',
    columnGap: tokens.spacingHorizontalXXXL,
    alignItems: 'start',
    paddingTop: tokens.spacingVerticalS,
    '@media (max-width: 900px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  body: { display: 'flex', flexDirection: 'column', maxWidth: '72ch' },
  section: { paddingTop: tokens.spacingVerticalL, scrollMarginTop: '72px' },
  heading: { display: 'block', marginBottom: tokens.spacingVerticalS },
  paragraph: {
    display: 'block',
    margin: `0 0 ${tokens.spacingVerticalM}`,
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase400,
    color: tokens.colorNeutralForeground1,
  },
  list: {
    margin: `0 0 ${tokens.spacingVerticalM}`,
    paddingLeft: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    lineHeight: tokens.lineHeightBase400,
    fontSize: tokens.fontSizeBase400,
  },
  contents: {
    position: 'sticky',
    top: '72px',
    paddingTop: tokens.spacingVerticalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    '@media (max-width: 900px)': { display: 'none' },
  },
  contentsTitle: { color: tokens.colorNeutralForeground3, textTransform: 'uppercase', letterSpacing: '0.04em' },
  contentsList: {
    listStyle: 'none',
    margin: 0,
    padding: `0 0 0 ${tokens.spacingHorizontalM}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorNeutralStroke2}`,
  },
});

/**
 * `/help`, `/privacy`, `/terms`: the console's own help and legal pages, public and localized.
 * Signed in they sit in the console frame, signed out in the public frame; the tabs switch between
 * the three (or open an installation's own page, when it configured one).
 */
export default function LegalPage() {
  const styles = useStyles();
  const { t } = useTranslation(['legal', 'common']);
  const location = useLocation();
  const navigate = useNavigate();
  const links = useHelpLinks();
  const doc = legalDocForPath(location.pathname);
  const sections = legalSections(doc);
  const title = t(`legal:${doc}.title`);

  useEffect(() => {
    document.title = `${title} · ${t('common:appName')}`;
  }, [title, t]);

  const anchor = (section: string) => `${doc}-${section}`;
  const jumpTo = (section: string) => {
    const target = document.getElementById(anchor(section));
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target?.focus({ preventScroll: true });
  };

  return (
    <div className={styles.root}>
      <Card className={styles.card} appearance="filled">
        <div className={styles.top}>
          <TabList
            className={styles.tabs}
            selectedValue={doc}
            aria-label={t('legal:nav.label')}
            onTabSelect={(_, data) => {
              if (data.value !== doc) links.open(data.value as HelpLinkId);
            }}
          >
            {helpLinkIds.map((id) => (
              <Tab key={id} value={id}>
                {t(`legal:nav.${id}`)}
              </Tab>
            ))}
          </TabList>
          <Button appearance="subtle" icon={<ArrowLeft20Regular />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}>
            {t('legal:nav.back')}
          </Button>
        </div>
        <header className={styles.header}>
          <Text as="h1" size={800} weight="semibold">
            {title}
          </Text>
          <Text size={400} className={styles.summary}>
            {t(`legal:${doc}.summary`)}
          </Text>
        </header>
        <div className={styles.layout}>
          <article className={styles.body} aria-label={title}>
            {sections.map((section) => (
              <section key={section.id} id={anchor(section.id)} tabIndex={-1} className={styles.section} aria-labelledby={`${anchor(section.id)}-title`}>
                <Text as="h2" id={`${anchor(section.id)}-title`} size={500} weight="semibold" className={styles.heading}>
                  {t(`legal:${doc}.sections.${section.id}.title`)}
                </Text>
                {section.paragraphs.map((key) => (
                  <p key={key} className={styles.paragraph}>
                    {t(`legal:${doc}.sections.${section.id}.body.${key}`)}
                  </p>
                ))}
                {section.items.length > 0 ? (
                  <ul className={styles.list}>
                    {section.items.map((key) => (
                      <li key={key}>{t(`legal:${doc}.sections.${section.id}.list.${key}`)}</li>
                    ))}
                  </ul>
                ) : null}
              </section>
            ))}
          </article>
          <nav className={styles.contents} aria-labelledby="legal-contents-title">
            <Text id="legal-contents-title" size={200} weight="semibold" className={styles.contentsTitle}>
              {t('legal:nav.contents')}
            </Text>
            <ul className={styles.contentsList}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Link
                    appearance="subtle"
                    href={`#${anchor(section.id)}`}
                    onClick={(event) => {
                      event.preventDefault();
                      jumpTo(section.id);
                    }}
                  >
                    {t(`legal:${doc}.sections.${section.id}.title`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </Card>
    </div>
  );
}
