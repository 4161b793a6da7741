import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Trending list',
  plural: 'Trending',
  create: 'New trending list',
  description: 'The trending list the app shows: ordered entries, each a title with a link and its content type, in a schedule and to an audience.',
  fields: {
    items: 'Entries',
    title: 'Title',
    link: 'Link',
    type: 'Content type',
  },
  help: {
    items: 'Shown in this order; at most 50.',
    link: 'Optional: an app link such as palette://editor or a web address.',
  },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '热门榜单',
  plural: '热门',
  create: '新建热门榜单',
  description: '应用中展示的热门榜单：按顺序排列的条目，每条有标题、链接和内容类型，可设置排期和受众。',
  fields: {
    items: '条目',
    title: '标题',
    link: '链接',
    type: '内容类型',
  },
  help: {
    items: '按此顺序展示；最多 50 条。',
    link: '可选：应用链接（如 palette://editor）或网址。',
  },
};

export const trendingLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
