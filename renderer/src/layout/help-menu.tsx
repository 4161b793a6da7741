import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { DocumentText20Regular, QuestionCircle20Regular, ShieldKeyhole20Regular, BookQuestionMark20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { helpPagePaths, useHelpLinks } from '../components/external-links';
import { usePrefetchRoute } from '../components/prefetch';

/**
 * Help, privacy policy and terms of service (spec §1): the console's own pages, or the pages an
 * installation configured, opened outside.
 */
export function HelpMenu() {
  const { t } = useTranslation('layout');
  const links = useHelpLinks();
  const prefetchRoute = usePrefetchRoute();
  return (
    <Menu positioning="below-end" onOpenChange={(_, data) => (data.open ? prefetchRoute(helpPagePaths.help) : undefined)}>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('header.help')} relationship="label">
          <Button appearance="subtle" icon={<QuestionCircle20Regular />} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<BookQuestionMark20Regular />} onClick={() => links.open('help')}>
            {t('header.helpCenter')}
          </MenuItem>
          <MenuItem icon={<ShieldKeyhole20Regular />} onClick={() => links.open('privacy')}>
            {t('header.privacy')}
          </MenuItem>
          <MenuItem icon={<DocumentText20Regular />} onClick={() => links.open('terms')}>
            {t('header.terms')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
