import type en from '../en-US/account';
import type { Translation } from '../translation';

const account: Translation<typeof en> = {
  title: '个人设置',
  description: '你的个人资料和登录方式。',
  tabs: {
    label: '个人设置分区',
    basic: '基本设置',
    security: '安全设置',
  },
  basic: {
    title: '个人资料',
    description: '其他运营人员看到的你的信息。',
    name: '显示名称',
    email: '邮箱',
    emailHint: '登录邮箱无法在此修改。',
    role: '角色',
    memberSince: '加入时间',
    saved: '个人资料已保存。',
    conflictTitle: '已在别处修改',
    conflictBody: '你打开后，这份个人资料已被修改。请重新加载以获取最新版本，已输入的内容会保留。',
    reload: '重新加载',
    reloaded: '已加载最新版本，请再次保存以应用你的更改。',
    unchanged: '没有需要保存的更改。',
  },
  roles: {
    admin: '管理员',
    operator: '运营人员',
  },
  security: {
    passwordTitle: '密码',
    passwordDescription: '修改密码后，你的其他登录会话都会退出。',
    current: '当前密码',
    new: '新密码',
    newHint: '8 到 16 位英文字母和数字。',
    confirm: '确认新密码',
    submit: '修改密码',
    submitting: '正在修改…',
    changed: '密码已修改，其他登录会话已退出。',
    signInsTitle: '最近登录',
    signInsDescription: '你的账号的每一次登录尝试，按时间倒序排列。',
    columns: {
      time: '时间',
      result: '结果',
      address: 'IP 地址',
      device: '设备',
    },
    succeeded: '成功',
    failed: '失败',
    device: '{{os}} 上的 {{browser}}',
    consoleDevice: '{{os}} 上的 {{browser}} {{version}}（{{edition}}）',
    editions: {
      desktop: '桌面版',
      browser: '浏览器版',
    },
    unknownBrowser: '未知浏览器',
    unknownOs: '未知系统',
    empty: '暂无登录记录。',
  },
};

export default account;
