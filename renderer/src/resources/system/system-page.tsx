import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { countryResource, languageResource } from '@contract/resources/system';
import { PageHeader } from '../../components/page-header';
import { useProjectAccess } from '../../data/menus';
import { ResourceScreen } from '../resource-screen';
import { defineView } from '../resource-view';

/** Countries and regions: code, Chinese and English names, related region. */
const countryView = defineView(countryResource, {
  nameOf: (item) => `${item.nameEn} (${item.code})`,
  columns: { lead: 'nameEn', auditVisible: ['updatedAt'] },
});

/** Languages: code, Chinese and English names. */
const languageView = defineView(languageResource, {
  nameOf: (item) => `${item.nameEn} (${item.code})`,
  columns: { lead: 'nameEn', auditVisible: ['updatedAt'] },
});

/**
 * `/system/countries` and `/system/languages` (spec §1 System Management): the global lists that
 * region groups and languages of every project choose from. Every operator reads them (the server
 * serves them to all); global administrators, who alone see this menu, change them.
 */
export default function SystemPage() {
  const { t } = useTranslation(['access', 'systemPages']);
  const location = useLocation();
  const access = useProjectAccess(undefined);
  const which = location.pathname.replace(/\/+$/, '').split('/')[2];
  if (which !== 'countries' && which !== 'languages') return <Navigate to="/404" replace />;
  const canWrite = access.role === 'admin';
  return (
    <>
      <PageHeader title={t(`access:menus.system.${which}`)} description={t(`systemPages:${which}.description`)} />
      {which === 'countries' ? (
        <ResourceScreen key="countries" view={countryView} scope={{}} canWrite={canWrite} createLabel={t('systemPages:countries.create')} />
      ) : (
        <ResourceScreen key="languages" view={languageView} scope={{}} canWrite={canWrite} createLabel={t('systemPages:languages.create')} />
      )}
    </>
  );
}
