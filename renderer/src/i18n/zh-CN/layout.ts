import type en from '../en-US/layout';
import type { Translation } from '../translation';

const layout: Translation<typeof en> = {
  nav: {
    label: '主导航',
    toggle: '显示或隐藏导航',
    breadcrumb: '面包屑导航',
    areas: {
      home: '首页',
      customers: '客户',
      transactions: '交易',
      projects: '项目',
      assets: '素材',
      tools: '通用工具',
      management: '运营管理',
      pricing: '定价',
      system: '系统管理',
    },
    items: {
      welcome: '欢迎',
      account: '个人设置',
    },
  },
  tabs: {
    more: '更多标签页（{{count}}）',
  },
  header: {
    skipToContent: '跳到主要内容',
    help: '帮助与法律信息',
    helpCenter: '帮助中心',
    privacy: '隐私政策',
    terms: '服务条款',
    settings: '界面设置',
    inbox: '通知、消息和事件',
  },
  user: {
    menu: '账号菜单',
    signedInAs: '当前登录',
    account: '个人设置',
    security: '安全设置',
    signOut: '退出登录',
  },
  inbox: {
    title: '收件箱',
    tabs: {
      notifications: '通知',
      messages: '消息',
      events: '事件',
    },
    empty: {
      notifications: '暂无通知',
      notificationsHint: '与你的项目和发布有关的通知会显示在这里。',
      messages: '暂无消息',
      messagesHint: '团队发给你的消息会显示在这里。',
      events: '暂无事件',
      eventsHint: '你的账号的登录记录会显示在这里。',
    },
    signInSucceeded: '登录成功',
    signInFailed: '登录尝试失败',
    fromAddress: '来自 {{ip}}',
    viewSecurity: '在安全设置中查看',
  },
  connectivity: {
    networkTitle: '网络已断开',
    networkBody: '没有网络连接。已输入的内容会保留。',
    serverTitle: '无法连接服务器',
    serverBody: 'Palette 服务器没有响应。已输入的内容会保留。',
    restored: '连接已恢复',
  },
  newContent: {
    title: '有新内容可用',
    body: '控制台已安装新版本，刷新后即可使用。',
    refresh: '刷新',
  },
  update: {
    title: '更新已就绪',
    body: '版本 {{version}} 已下载，将在控制台重启时安装。',
    install: '重启以更新',
    refusedTitle: '已拒绝更新',
    integrityBody: '版本 {{version}} 的下载与下载服务器公布的校验值不符，已被丢弃。控制台继续运行当前版本，并会在下次检查时重试。',
    signatureBody: '版本 {{version}} 的安装程序没有发布者的签名，已被丢弃。控制台继续运行当前版本。',
  },
  session: {
    memoryBody: '没有可用的钥匙串：登录状态只保留到控制台关闭为止。',
  },
  embeddedServer: {
    restartingTitle: '正在重新启动服务器',
    restartingBody: '控制台内置的服务器意外停止（{{how}}），正在使用相同的数据重新启动。已输入的内容会保留。',
    failedTitle: '服务器反复停止',
    failedBody: '控制台内置的服务器在短时间内停止了 {{times}} 次，因此不再自动重新启动。日志位于 {{path}}。',
    failedBodyNoLog: '控制台内置的服务器在短时间内停止了 {{times}} 次，因此不再自动重新启动。',
    tryAgain: '重试',
    back: '服务器已重新启动，继续使用相同的数据运行',
  },
};

export default layout;
