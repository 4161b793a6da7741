import type en from '../en-US/pages';
import type { Translation } from '../translation';

const pages: Translation<typeof en> = {
  welcome: {
    morning: '早上好，{{name}}',
    afternoon: '下午好，{{name}}',
    evening: '晚上好，{{name}}',
    subtitle: '欢迎使用 Palette 控制台。',
    shortcuts: {
      title: '快捷入口',
      profile: '编辑个人资料',
      profileHint: '修改其他运营人员看到的名称。',
      security: '密码与登录记录',
      securityHint: '修改密码并查看最近的登录记录。',
      settings: '界面设置',
      settingsHint: '主题、颜色、导航和布局。',
    },
    signIns: {
      title: '最近登录',
      empty: '暂无登录记录。',
    },
    profile: {
      title: '你的账号',
      email: '邮箱',
      role: '角色',
      memberSince: '加入时间',
      session: '登录会话',
      keychain: '保存在系统钥匙串中',
      memory: '保留到控制台关闭为止',
    },
  },
  errors: {
    forbidden: {
      title: '无权访问',
      body: '你没有打开此页面的权限。请向项目负责人或管理员申请访问权限。',
    },
    notFound: {
      title: '页面不存在',
      body: '此页面不存在或已被移动。请检查地址，或返回首页。',
    },
    serverError: {
      title: '出错了',
      body: '控制台遇到了意外问题。请重试；如果问题持续出现，请告知管理员。',
    },
    code: '错误 {{code}}',
    backHome: '返回首页',
    goBack: '返回上一页',
    signIn: '前往登录',
    tryAgain: '重试',
  },
};

export default pages;
