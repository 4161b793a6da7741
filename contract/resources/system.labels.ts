import { type MessageShape } from '../i18n/keys';

/**
 * Labels of System Management's global lists (i18n namespace `system`): every `labelKey` and
 * `helpKey` of contract/resources/system.ts. zh-CN is typed by the shape of en-US, so a missing or
 * extra key fails to compile.
 */
const enUS = {
  country: {
    title: 'Country or region',
    fields: { code: 'Code', nameZh: 'Chinese name', nameEn: 'English name', region: 'Related region' },
    help: {
      code: 'The two-letter ISO 3166-1 code, such as CN or US.',
      region: 'The UN geographic region it belongs to, such as Eastern Asia.',
    },
  },
  language: {
    title: 'Language',
    fields: { code: 'Code', nameZh: 'Chinese name', nameEn: 'English name' },
    help: { code: 'A BCP 47 language code: the language (en, zh), optionally with a script or region (zh-Hant, pt-BR).' },
  },
};

const zhCN: MessageShape<typeof enUS> = {
  country: {
    title: '国家或地区',
    fields: { code: '代码', nameZh: '中文名称', nameEn: '英文名称', region: '所属区域' },
    help: {
      code: '两位字母的 ISO 3166-1 代码，例如 CN、US。',
      region: '所属的联合国地理区域，例如东亚（Eastern Asia）。',
    },
  },
  language: {
    title: '语言',
    fields: { code: '代码', nameZh: '中文名称', nameEn: '英文名称' },
    help: { code: 'BCP 47 语言代码：语言（en、zh），可附带文字或地区（zh-Hant、pt-BR）。' },
  },
};

/** The `system` namespace in both languages. */
export const systemLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
