import { type MessageShape } from '../i18n/keys';

/**
 * Labels every resource shares (i18n namespace `resource`): the system fields of an item
 * (`resource:fields.createdAt`), the time-bound states, and the generic list and form actions with
 * their confirmations (spec §4, §5: trash with restore, empty and delete; sort order confirmed or
 * discarded; delete, edit and cancel ask first).
 */
const enUS = {
  fields: {
    id: 'ID',
    version: 'Version',
    enabled: 'Enabled',
    state: 'State',
    sortOrder: 'Sort order',
    deletedAt: 'Deleted at',
    createdBy: 'Creator',
    updatedBy: 'Modifier',
    createdAt: 'Created at',
    updatedAt: 'Updated at',
    startsAt: 'Starts at',
    endsAt: 'Ends at',
  },
  states: { notStarted: 'Not Started', inProgress: 'In Progress', over: 'Over' },
  enabledStates: { true: 'Enabled', false: 'Disabled' },
  actions: {
    create: 'Create',
    edit: 'Edit',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    trash: 'Trash',
    restore: 'Restore',
    purge: 'Delete for ever',
    emptyTrash: 'Empty trash',
    reorder: 'Edit order',
    saveOrder: 'Save order',
    discardOrder: 'Discard order',
    toTop: 'Move to top',
    search: 'Search',
    filter: 'Filter',
    reload: 'Reload',
    exportCsv: 'Export CSV',
    exporting: 'Exporting… {{rows}} rows',
    exported: '{{rows}} rows exported to {{file}}.',
  },
  confirm: {
    delete: 'Move {{name}} to the trash?',
    deleteNoTrash: 'Delete {{name}}? This cannot be undone.',
    purge: 'Delete {{name}} for ever? This cannot be undone.',
    emptyTrash: 'Delete everything in the trash for ever? This cannot be undone.',
    edit: 'Save your changes to {{name}}?',
    cancel: 'Discard your unsaved changes?',
    unsavedOrder: 'The new order is not saved yet. Save or discard it first.',
  },
  empty: 'Nothing here yet.',
  trashEmpty: 'The trash is empty.',
};

const zhCN: MessageShape<typeof enUS> = {
  fields: {
    id: 'ID',
    version: '版本',
    enabled: '启用',
    state: '状态',
    sortOrder: '排序',
    deletedAt: '删除时间',
    createdBy: '创建人',
    updatedBy: '修改人',
    createdAt: '创建时间',
    updatedAt: '更新时间',
    startsAt: '开始时间',
    endsAt: '结束时间',
  },
  states: { notStarted: '未开始', inProgress: '进行中', over: '已结束' },
  enabledStates: { true: '已启用', false: '已停用' },
  actions: {
    create: '新建',
    edit: '编辑',
    save: '保存',
    cancel: '取消',
    delete: '删除',
    trash: '回收站',
    restore: '恢复',
    purge: '永久删除',
    emptyTrash: '清空回收站',
    reorder: '调整排序',
    saveOrder: '保存排序',
    discardOrder: '放弃排序',
    toTop: '置顶',
    search: '搜索',
    filter: '筛选',
    reload: '刷新',
    exportCsv: '导出 CSV',
    exporting: '正在导出… 已 {{rows}} 行',
    exported: '已导出 {{rows}} 行到 {{file}}。',
  },
  confirm: {
    delete: '确定将 {{name}} 移入回收站吗？',
    deleteNoTrash: '确定删除 {{name}} 吗？此操作无法撤销。',
    purge: '确定永久删除 {{name}} 吗？此操作无法撤销。',
    emptyTrash: '确定永久删除回收站中的全部内容吗？此操作无法撤销。',
    edit: '确定保存对 {{name}} 的修改吗？',
    cancel: '确定放弃未保存的修改吗？',
    unsavedOrder: '新的排序尚未保存，请先保存或放弃。',
  },
  empty: '暂无内容。',
  trashEmpty: '回收站为空。',
};

/** The `resource` namespace in both languages. */
export const resourceLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
