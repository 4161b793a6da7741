import type en from '../en-US/auth';
import type { Translation } from '../translation';

const auth: Translation<typeof en> = {
  login: {
    title: '登录',
    subtitle: '使用运营账号登录，管理你的应用。',
    email: '邮箱',
    emailPlaceholder: 'name@company.com',
    password: '密码',
    submit: '登录',
    submitting: '正在登录…',
    forgot: '忘记密码？',
    redirectNotice: '登录后将继续打开你请求的页面。',
  },
  reset: {
    title: '重置密码',
    requestHint: '输入账号邮箱，我们会向该邮箱发送六位数验证码。',
    confirmHint: '输入邮件中的验证码，并设置新密码。',
    send: '发送验证码',
    sending: '正在发送…',
    codeSent: '如果 {{email}} 已注册，验证码正在发送中，可能需要一分钟左右送达。',
    code: '验证码',
    codeHint: '邮件中的六位数字。',
    newPassword: '新密码',
    confirmPassword: '确认新密码',
    passwordHint: '8 到 16 位英文字母和数字。',
    submit: '重置密码',
    submitting: '正在重置…',
    resend: '重新发送验证码',
    backToSignIn: '返回登录',
    done: '密码已重置，请使用新密码登录。',
  },
  persistence: {
    memoryTitle: '没有可用的钥匙串',
    memoryBody: '这台电脑没有可用的系统钥匙串，登录状态只保留到控制台关闭为止。',
  },
  session: {
    ended: '登录会话已结束，请重新登录后继续。',
  },
  footer: {
    privacy: '隐私',
    terms: '条款',
    help: '帮助',
  },
};

export default auth;
