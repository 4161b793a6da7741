import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';
import { DocumentText20Regular, QuestionCircle20Regular, ShieldKeyhole20Regular, BookQuestionMark20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { externalLinkUrl, openExternal, type ExternalLinkId } from '../components/external-links';
import { useAppInfo } from '../data/app-info';

/** Help, privacy policy and terms of service (spec §1), opened outside the console. */
export function HelpMenu() {
  const { t } = useTranslation('layout');
  const appInfo = useAppInfo();
  const serverUrl = appInfo.data?.serverUrl;
  const open = (id: ExternalLinkId) => {
    if (serverUrl) void openExternal(externalLinkUrl(id, serverUrl));
  };
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={t('header.help')} relationship="label">
          <Button appearance="subtle" icon={<QuestionCircle20Regular />} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem icon={<BookQuestionMark20Regular />} disabled={!serverUrl} onClick={() => open('help')}>
            {t('header.helpCenter')}
          </MenuItem>
          <MenuItem icon={<ShieldKeyhole20Regular />} disabled={!serverUrl} onClick={() => open('privacy')}>
            {t('header.privacy')}
          </MenuItem>
          <MenuItem icon={<DocumentText20Regular />} disabled={!serverUrl} onClick={() => open('terms')}>
            {t('header.terms')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
