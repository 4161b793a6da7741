import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Language',
  plural: 'Languages',
  create: 'Add a language',
  description: 'The languages the app offers, in the order of its language picker.',
  fields: { code: 'Code', nativeName: 'Name in the language itself', isDefault: 'Default language' },
  help: {
    code: 'From the System Management list: en, zh-Hans, pt-BR, ...',
    nativeName: 'What the app shows in its language picker, such as Français or 简体中文.',
    isDefault: 'Used when the phone’s language is not offered. One language at most.',
  },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '语言',
  plural: '语言',
  create: '添加语言',
  description: '应用提供的语言，顺序即应用内语言选择的顺序。',
  fields: { code: '代码', nativeName: '本族语名称', isDefault: '默认语言' },
  help: {
    code: '来自系统管理中的列表：en、zh-Hans、pt-BR 等。',
    nativeName: '应用在语言选择中显示的名称，例如 Français 或 简体中文。',
    isDefault: '手机语言不在提供范围内时使用。最多一种语言。',
  },
};

export const languageLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
