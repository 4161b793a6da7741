import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Region group',
  plural: 'Region groups',
  create: 'New region group',
  description: 'Countries and regions grouped once, to target configuration at them (include or exclude).',
  fields: { regions: 'Regions', description: 'Description' },
  help: { regions: 'The countries and regions of the group, from the System Management list.' },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '地区组',
  plural: '地区组',
  create: '新建地区组',
  description: '将国家和地区编为一组，用于配置的投放（包含或排除）。',
  fields: { regions: '地区', description: '说明' },
  help: { regions: '组内的国家和地区，来自系统管理中的列表。' },
};

export const regionGroupLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
