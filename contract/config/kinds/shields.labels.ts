import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Shield',
  plural: 'Shields',
  create: 'New shield',
  description: 'Hide features by app version, channel or region (for example during a store review), and block words per language.',
  fields: {
    hiddenFeatures: 'Hidden features',
    channels: 'Channels',
    blocklists: 'Word blocklists',
    language: 'Language',
    words: 'Words',
    patterns: 'Patterns',
  },
  help: {
    hiddenFeatures: 'Feature keys the app hides, one per line (such as ai_avatar).',
    channels: 'Distribution channels, one per line (such as appstore or huawei); empty: every channel.',
    blocklists: 'One list per language.',
    words: 'One word or phrase per line.',
    patterns: 'One regular expression per line; each must be valid.',
  },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '屏蔽',
  plural: '屏蔽',
  create: '新建屏蔽',
  description: '按应用版本、渠道或地区隐藏功能（例如在商店审核期间），并按语言屏蔽词语。',
  fields: {
    hiddenFeatures: '隐藏的功能',
    channels: '渠道',
    blocklists: '屏蔽词表',
    language: '语言',
    words: '词语',
    patterns: '正则表达式',
  },
  help: {
    hiddenFeatures: '应用要隐藏的功能键，每行一个（如 ai_avatar）。',
    channels: '分发渠道，每行一个（如 appstore 或 huawei）；留空表示所有渠道。',
    blocklists: '每种语言一个词表。',
    words: '每行一个词语或短语。',
    patterns: '每行一个正则表达式；每个都必须有效。',
  },
};

export const shieldLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
