import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Retention popup',
  plural: 'Retention popups',
  create: 'New retention popup',
  description: 'Offers that keep subscribers and trial users: by moment, with their texts and colours.',
  types: {
    newUser: 'New user retention',
    resubscribed: 'Resubscribed user retention',
    trialReminder: 'Trial reminder',
    trialCancellation: 'Trial cancellation confirmation',
    general: 'General user retention',
  },
  fields: {
    popupType: 'Popup type',
    mainTitle: 'Main title',
    mainTitleColour: 'Main title colour',
    subtitle: 'Subtitle',
    subtitleColour: 'Subtitle colour',
    background: 'Popup background',
    backgroundColour: 'Background colour',
    backgroundImage: 'Background picture',
    priceColour: 'Price colour',
    subscribeButton: 'Subscribe button',
    subscribeText: 'Button text',
    subscribeTextColour: 'Text colour',
    subscribeBackgroundColour: 'Background colour',
    closeButton: 'Close button',
    closeText: 'Button text',
    closeColour: 'Colour',
  },
  help: {
    popupType: 'When the app shows it: to a new user, after a resubscription, before a trial ends, when a trial is cancelled, or to anyone else.',
    colour: 'A colour value: #RGB, #RRGGBB or #RRGGBBAA (with opacity), e.g. #1A2B3C.',
    backgroundImage: 'Optional; drawn over the background colour.',
    priceColour: 'The colour of the price the app reads from the store.',
  },
  /** The app's own texts in the preview, in the content's language, and the console's around it. */
  preview: {
    regionLabel: 'Preview of the retention popup as the app shows it',
    /** A price as the store would give it: the app fills in the real one. */
    samplePrice: '$39.99 / year',
    samplePriceNote: 'Example price: the app shows the store’s.',
    placeholder: { mainTitle: 'Main title', button: 'Button text' },
  },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '挽留弹窗',
  plural: '挽留弹窗',
  create: '新建挽留弹窗',
  description: '挽留订阅用户与试用用户的优惠弹窗：按场景配置文案与颜色。',
  types: {
    newUser: '新用户挽留',
    resubscribed: '重新订阅用户挽留',
    trialReminder: '试用提醒',
    trialCancellation: '取消试用确认',
    general: '通用用户挽留',
  },
  fields: {
    popupType: '弹窗类型',
    mainTitle: '主标题',
    mainTitleColour: '主标题颜色',
    subtitle: '副标题',
    subtitleColour: '副标题颜色',
    background: '弹窗背景',
    backgroundColour: '背景颜色',
    backgroundImage: '背景图片',
    priceColour: '价格颜色',
    subscribeButton: '订阅按钮',
    subscribeText: '按钮文案',
    subscribeTextColour: '文字颜色',
    subscribeBackgroundColour: '背景颜色',
    closeButton: '关闭按钮',
    closeText: '按钮文案',
    closeColour: '颜色',
  },
  help: {
    popupType: '应用何时展示：新用户、重新订阅后、试用即将结束、取消试用时，或其他用户。',
    colour: '颜色值：#RGB、#RRGGBB 或 #RRGGBBAA（含透明度），例如 #1A2B3C。',
    backgroundImage: '可选；绘制在背景颜色之上。',
    priceColour: '应用从商店读取的价格所用的颜色。',
  },
  preview: {
    regionLabel: '挽留弹窗在应用中的预览',
    samplePrice: '¥268 / 年',
    samplePriceNote: '示例价格：应用显示商店中的价格。',
    placeholder: { mainTitle: '主标题', button: '按钮文案' },
  },
};

export const retentionPopupLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
