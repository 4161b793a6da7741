import type enMedia from '../en-US/media';
import type { Translation } from '../translation';

const media: Translation<typeof enMedia> = {
  hint: {
    separator: '，',
    sizeExact: '{{width}} × {{height}}',
    sizeMax: '不超过 {{width}} × {{height}}',
    widthMax: '宽度不超过 {{width}} 像素',
    heightMax: '高度不超过 {{height}} 像素',
    maxSize: '不超过 {{size}}',
    maxDuration: '时长不超过 {{seconds}} 秒',
  },
  field: {
    choose: '选择文件',
    replace: '替换',
    remove: '移除',
    cancel: '取消上传',
    retry: '重新上传',
    dropHere: '将文件拖到此处，或选择文件',
    dropActive: '松开即可检查文件',
    checking: '正在检查 {{name}}…',
    uploading: '正在上传 {{name}}… {{percent}}%',
    uploaded: '已上传',
    cancelled: '上传已取消。文件仍保留，可以重新上传或移除。',
    refusedTitle: '无法使用 {{name}}',
    failedTitle: '上传失败',
    noProject: '请先保存：文件需要上传到某个项目。',
    multipleFiles: '一次只能拖入一个文件。',
    progressLabel: '上传进度',
    previewAlt: '{{name}} 的预览',
    current: '当前文件',
    picking: '请在对话框中选择文件…',
  },
  info: {
    dimensions: '{{width}} × {{height}}',
    duration: '{{seconds}} 秒',
  },
  refusal: {
    contentType: '文件内容是 {{actual}}，但文件名表明是 {{declared}}。请重新导出为 {{declared}} 或修改文件名。',
  },
  pag: {
    title: 'PAG 动画',
    frameTitle: 'PAG 动画 {{name}}',
    loading: '正在加载动画…',
    play: '播放',
    pause: '暂停',
    position: '{{current}} 秒 / {{total}} 秒',
    failed: {
      graphics: '此处无法播放动画：这台电脑的图形功能（WebGL）不可用。文件已通过检查，仍可使用。',
      init: 'PAG 播放器未能启动，因此不显示动画。文件已通过检查，仍可使用。',
      decode: 'PAG 播放器无法读取此文件，App 可能也无法显示。请在 After Effects 中用 PAG 导出插件重新导出。',
      fetch: '无法加载文件以供预览。',
    },
  },
};

export default media;
