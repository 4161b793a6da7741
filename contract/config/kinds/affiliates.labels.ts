import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Affiliate link',
  plural: 'Affiliates',
  create: 'New affiliate link',
  description: 'Partners and their tracked links; the app reports the opens and installs each link brings.',
  fields: {
    partner: 'Partner',
    campaign: 'Campaign',
    url: 'Link',
    parameters: 'Parameters',
    key: 'Parameter name',
    value: 'Parameter value',
  },
  help: {
    url: 'An https address of at most 2048 characters.',
    parameters: 'Added to the link as query parameters; names are unique. The console adds affiliate_link with the link’s id.',
  },
  columns: {
    tracked: 'Tracked URL',
    counts: 'Opens / installs',
  },
  tracked: {
    copy: 'Copy the tracked URL',
    copied: 'Tracked URL copied.',
    failed: 'The URL could not be copied. Select it and copy it by hand.',
    none: 'Enter a valid link first.',
  },
  counts: {
    value: '{{opens}} opens · {{installs}} installs',
    unavailable: 'Not available',
  },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '推广链接',
  plural: '推广',
  create: '新建推广链接',
  description: '合作伙伴及其跟踪链接；应用上报每个链接带来的打开和安装。',
  fields: {
    partner: '合作伙伴',
    campaign: '推广活动',
    url: '链接',
    parameters: '参数',
    key: '参数名',
    value: '参数值',
  },
  help: {
    url: 'https 地址，最多 2048 个字符。',
    parameters: '作为查询参数加在链接后；名称不能重复。控制台会加上带链接 ID 的 affiliate_link。',
  },
  columns: {
    tracked: '跟踪链接',
    counts: '打开 / 安装',
  },
  tracked: {
    copy: '复制跟踪链接',
    copied: '已复制跟踪链接。',
    failed: '无法复制该链接，请手动选中并复制。',
    none: '请先输入有效的链接。',
  },
  counts: {
    value: '{{opens}} 次打开 · {{installs}} 次安装',
    unavailable: '不可用',
  },
};

export const affiliateLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
