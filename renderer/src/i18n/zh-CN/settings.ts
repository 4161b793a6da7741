import type en from '../en-US/settings';
import type { Translation } from '../translation';

const settings: Translation<typeof en> = {
  title: '界面设置',
  description: '保存在这台电脑上，立即生效。',
  sections: {
    appearance: '外观',
    layout: '布局',
    accessibility: '辅助功能',
  },
  pageStyle: {
    label: '页面风格',
    light: '亮色',
    dark: '暗色',
  },
  themeColor: {
    label: '主题色',
    presets: '预设颜色',
    custom: '自定义颜色',
    picker: '选择自定义颜色',
    hex: '十六进制值',
    invalid: '请以 #RRGGBB 格式输入颜色。',
    names: {
      blue: '蓝色',
      violet: '紫罗兰',
      teal: '青色',
      green: '绿色',
      orange: '橙色',
      magenta: '品红',
      red: '红色',
      graphite: '石墨',
    },
  },
  menuLayout: {
    label: '导航模式',
    side: '侧边菜单',
    top: '顶部菜单',
  },
  contentWidth: {
    label: '内容区域宽度',
    fixed: '定宽',
    fluid: '流式',
  },
  fixedHeader: {
    label: '固定顶栏',
    hint: '页面滚动时顶栏保持可见。',
  },
  fixedSidebar: {
    label: '固定侧边菜单',
    hint: '页面滚动时侧边菜单保持不动。',
  },
  hideHeaderOnScroll: {
    label: '滚动时隐藏顶栏',
    hint: '向下滚动时隐藏固定顶栏，向上滚动时重新显示。',
    needsFixedHeader: '请先开启“固定顶栏”。',
  },
  weakColor: {
    label: '色弱模式',
    hint: '将控制台的颜色反转 80%，可帮助部分色觉障碍用户。',
  },
  reset: '恢复默认设置',
  resetDone: '界面设置已恢复默认。',
};

export default settings;
