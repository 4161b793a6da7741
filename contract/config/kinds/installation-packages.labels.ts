import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Installation package',
  plural: 'Installation packages',
  create: 'New installation package',
  description: 'Installable builds and store links per platform and channel, with their QR codes; the app reads them to offer an update.',
  fields: {
    platform: 'Platform',
    channel: 'Channel',
    version: 'Version',
    buildNumber: 'Build number',
    url: 'Download or store link',
    releaseNotes: 'Release notes',
  },
  platforms: { ios: 'iOS', android: 'Android' },
  placeholders: { version: '1.0.00' },
  help: {
    channel: 'Such as appstore, googleplay or huawei.',
    url: 'An http or https address of at most 2048 characters, used by one package only.',
  },
  qr: 'QR code of the link',
  noLink: 'Enter a link to see its QR code.',
};

const zhCN: MessageShape<typeof enUS> = {
  title: '安装包',
  plural: '安装包',
  create: '新建安装包',
  description: '按平台和渠道管理可安装的构建和商店链接及其二维码；应用读取它们以提示更新。',
  fields: {
    platform: '平台',
    channel: '渠道',
    version: '版本',
    buildNumber: '构建号',
    url: '下载或商店链接',
    releaseNotes: '更新说明',
  },
  platforms: { ios: 'iOS', android: 'Android' },
  placeholders: { version: '1.0.00' },
  help: {
    channel: '如 appstore、googleplay 或 huawei。',
    url: 'http 或 https 地址，最多 2048 个字符，只能用于一个安装包。',
  },
  qr: '链接的二维码',
  noLink: '输入链接后显示其二维码。',
};

export const installationPackageLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
