import type en from '../en-US/offline';
import type { Translation } from '../translation';

/** 离线工作（issue 14）：本机保留数据的时间、待发送的更改、需要联网的操作。 */
const offline: Translation<typeof en> = {
  banner: {
    keptAsOf: '正在显示本机保留的内容，截至 {{time}}。',
    nothingKept: '本机未保留此页面的任何内容。',
    notKept: '此页面的部分内容从未在本机打开过，因此没有保留。恢复连接后会自动加载。',
    whatWorks: '你可以浏览已保留的内容，在其中搜索和排序，也可以保存草稿，草稿会在恢复连接后发送。发布、转正式、删除、邀请和上传需等待恢复连接。',
    unconfirmed: '你正以本机保留的会话登录；恢复连接后服务器会确认你的会话。',
  },
  pending: {
    count_one: '{{count}} 项更改等待发送',
    count_other: '{{count}} 项更改等待发送',
    countBody: '已保存在本机；恢复连接后会按顺序发送。',
    countBodyOnline: '离线时保存在本机的更改，正在发送。',
    attention_one: '其中 {{count}} 项需要你来决定。',
    attention_other: '其中 {{count}} 项需要你来决定。',
    review: '查看',
    title: '等待发送的更改',
    intro: '这些草稿是在没有连接时保存在本机的。恢复连接后会按此顺序发送，每项都带着它所基于的版本；遇到更新版本的更改会留在这里，供你比较两个版本。',
    empty: '没有等待发送的更改。',
    tableLabel: '等待发送的更改',
    columns: {
      change: '更改',
      status: '状态',
      saved: '保存时间',
      actions: '操作',
    },
    item: '{{kind}} · {{name}}',
    basedOn: '基于版本 {{version}}',
    status: {
      waiting: '等待中',
      conflict: '期间已被他人修改',
      refused: '已被拒绝',
    },
    open: '打开',
    openNamed: '打开 {{name}}',
    discard: '丢弃',
    discardNamed: '丢弃对 {{name}} 的更改',
    discardTitle: '丢弃此更改？',
    discardBody: '本机保存的 {{name}} 草稿将被删除，且不会发送。此操作无法撤销。',
    sendNow: '立即发送',
    close: '关闭',
  },
  notice: {
    sent_one: '已发送 {{count}} 项等待中的更改',
    sent_other: '已发送 {{count}} 项等待中的更改',
    conflictTitle: '一项等待中的更改遇到了更新的版本',
    conflictBody: '你离线期间有人修改了 {{name}}。打开它即可比较两个版本；没有任何内容被覆盖。',
    refusedTitle: '一项等待中的更改被拒绝',
    refusedBody: '服务器拒绝了对 {{name}} 的更改。它仍保留在等待列表中。',
    discarded: '已丢弃更改',
  },
  editor: {
    savedLocally: '已保存在本机，恢复连接后发送。',
    waitingTitle: '等待发送',
    waitingBody: '此草稿于 {{time}} 保存在本机，基于版本 {{version}}。恢复连接后发送。',
    refusedTitle: '服务器拒绝了此草稿',
    discard: '丢弃我的更改',
    retry: '重新发送',
  },
  onlineOnly: {
    reason: '需要联网：此操作无法撤销，或会立即被他人看到。',
  },
  signIn: {
    title: '登录需要网络连接',
    body: '你当前处于离线状态。本机只能为保留了会话的操作员离线打开控制台；其他人需在恢复连接后登录。',
  },
  notKept: {
    title: '离线时不可用',
    body: '此内容从未在本机打开过，因此没有保留。恢复连接后会自动加载。',
  },
  signOut: {
    confirmTitle: '丢弃等待发送的更改？',
    confirmBody_one: '有 {{count}} 项在无连接时保存的更改尚未发送。退出登录会删除它，以及本机为你保留的所有内容。',
    confirmBody_other: '有 {{count}} 项在无连接时保存的更改尚未发送。退出登录会删除它们，以及本机为你保留的所有内容。',
    confirm: '退出并丢弃',
    cancel: '保持登录',
  },
};

export default offline;
