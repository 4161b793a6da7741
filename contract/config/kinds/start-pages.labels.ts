import { type MessageShape } from '../../i18n/keys';

const enUS = {
  title: 'Start page',
  plural: 'Start pages',
  create: 'New start page',
  description: 'The splash the app shows at launch: a picture or a video, for a few seconds, skippable or not.',
  fields: {
    image: 'Picture',
    video: 'Video',
    displaySeconds: 'Display time',
    skippable: 'Can be skipped',
    skipAfterSeconds: 'Skip button after',
  },
  help: {
    image: 'Shown full screen. With a video too, it shows while the video loads and where video does not play.',
    video: 'Optional; plays muted, full screen.',
    displaySeconds: '1 to 10 seconds.',
    skipAfterSeconds: 'Seconds before the skip button shows (0: at once); fewer than the display time.',
  },
  /** The app's own texts in the preview (content language), and the console's around it. */
  preview: {
    regionLabel: 'Preview of the start page as the app shows it',
    skip: 'Skip {{seconds}}',
    placeholder: { media: 'Picture or video 1080 × 1920' },
  },
};

const zhCN: MessageShape<typeof enUS> = {
  title: '启动页',
  plural: '启动页',
  create: '新建启动页',
  description: '应用启动时展示的闪屏：一张图片或一段视频，展示几秒，可设置能否跳过。',
  fields: {
    image: '图片',
    video: '视频',
    displaySeconds: '展示时长',
    skippable: '可跳过',
    skipAfterSeconds: '跳过按钮出现于',
  },
  help: {
    image: '全屏展示。同时有视频时，在视频加载时以及不能播放视频的设备上展示。',
    video: '可选；静音全屏播放。',
    displaySeconds: '1 到 10 秒。',
    skipAfterSeconds: '跳过按钮出现前的秒数（0 为立即出现）；须少于展示时长。',
  },
  preview: {
    regionLabel: '启动页在应用中的预览',
    skip: '跳过 {{seconds}}',
    placeholder: { media: '图片或视频 1080 × 1920' },
  },
};

export const startPageLabels = { 'en-US': enUS, 'zh-CN': zhCN } as const;
