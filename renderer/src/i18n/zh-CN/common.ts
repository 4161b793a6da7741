import type en from '../en-US/common';
import type { Translation } from '../translation';

const common: Translation<typeof en> = {
  appName: 'Palette 控制台',
  appTagline: 'Palette 应用运营后台',
  actions: {
    save: '保存更改',
    saving: '正在保存…',
    cancel: '取消',
    close: '关闭',
    retry: '重试',
    reload: '重新加载',
    refresh: '刷新',
    back: '返回',
    previous: '上一页',
    next: '下一页',
    viewAll: '查看全部',
    dismiss: '关闭提示',
  },
  status: {
    loading: '正在加载…',
    loadFailed: '无法加载这部分信息。',
  },
  form: {
    passwordMismatch: '两次输入的密码不一致。',
    showPassword: '显示密码',
    hidePassword: '隐藏密码',
    required: '必填',
    noMatches: '没有与输入内容匹配的选项。',
  },
  chunk: {
    loading: '正在加载控制台的这一部分…',
    failedTitle: '控制台的这一部分未能加载',
    failedBody: '请检查网络连接后重试。如果仍然失败，请重新加载控制台。',
    timeoutBody: '加载超过两分钟，已停止。请检查网络连接后重试。',
    reloadConsole: '重新加载控制台',
  },
  pagination: {
    summary: '第 {{page}} 页，共 {{pages}} 页',
    label: '分页',
  },
  // The language picker's texts: here (not in layout) because the sign-in screen shows the picker too.
  language: {
    label: '语言',
    translated: '已翻译',
    others: '其他语言（以英文显示）',
    fallbackNote: '该语言的翻译尚未提供，当前显示英文。',
  },
};

export default common;
