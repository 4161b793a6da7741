import type enConfigUi from '../en-US/config-ui';
import type { Translation } from '../translation';

const configUi: Translation<typeof enConfigUi> = {
  preview: {
    regionLabel: '应用中显示的页面预览',
    toolbarLabel: '预览选项',
    languageGroup: '内容语言',
    english: '英文',
    chinese: '中文',
    themeGroup: '外观',
    light: '浅色',
    dark: '深色',
    placeholder: {
      title: '标题',
      button: '按钮文案',
      period: '周期',
      noPlans: '尚无订阅方案',
    },
  },
  diff: {
    field: '字段',
    tableLabel: '从{{before}}到{{after}}的变更',
    empty: '没有差异',
    emptyHint: '{{before}}与{{after}}相同。',
    kinds: { added: '新增', removed: '删除', changed: '修改' },
    yes: '是',
    no: '否',
    none: '—',
    emptyText: '（空文本）',
    emptyList: '无',
    listSeparator: '、',
    pathSeparator: ' › ',
  },
};

export default configUi;
