import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Content type',
  plural: 'Content types',
  create: 'New content type',
  description: 'The content-type dictionary: codes the app and other configuration refer to, with their names in English and Chinese and an icon.',
  fields: {
    code: 'Code',
    nameEn: 'Name (English)',
    nameZh: 'Name (Chinese)',
    icon: 'Icon',
  },
  help: {
    code: 'Lower-case letters, digits and _, starting with a letter; at most 32. Unique in the project.',
    icon: 'Optional; a 128 × 128 PNG or WebP.',
  },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '内容类型',
  plural: '内容类型',
  create: '新建内容类型',
  description: '内容类型字典：应用和其他配置引用的代码，附中英文名称和图标。',
  fields: {
    code: '代码',
    nameEn: '名称（英文）',
    nameZh: '名称（中文）',
    icon: '图标',
  },
  help: {
    code: '小写字母、数字和 _，以字母开头；最多 32 个字符。在项目内唯一。',
    icon: '可选；128 × 128 的 PNG 或 WebP。',
  },
};

export const contentTypeLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
