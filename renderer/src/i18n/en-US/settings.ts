/** The interface settings drawer (spec §1). */
const settings = {
  title: 'Interface settings',
  description: 'Saved on this computer and applied right away.',
  sections: {
    appearance: 'Appearance',
    layout: 'Layout',
    accessibility: 'Accessibility',
  },
  pageStyle: {
    label: 'Page style',
    light: 'Light',
    dark: 'Dark',
  },
  themeColor: {
    label: 'Theme colour',
    presets: 'Preset colours',
    custom: 'Custom colour',
    picker: 'Pick a custom colour',
    hex: 'Hex value',
    invalid: 'Enter a colour as #RRGGBB.',
    names: {
      blue: 'Blue',
      violet: 'Violet',
      teal: 'Teal',
      green: 'Green',
      orange: 'Orange',
      magenta: 'Magenta',
      red: 'Red',
      graphite: 'Graphite',
    },
  },
  menuLayout: {
    label: 'Navigation',
    side: 'Side menu',
    top: 'Top menu',
  },
  contentWidth: {
    label: 'Content width',
    fixed: 'Fixed',
    fluid: 'Fluid',
  },
  fixedHeader: {
    label: 'Fixed header',
    hint: 'The header stays visible while the page scrolls.',
  },
  fixedSidebar: {
    label: 'Fixed side menu',
    hint: 'The side menu stays in place while the page scrolls.',
  },
  hideHeaderOnScroll: {
    label: 'Hide header on scroll',
    hint: 'Scrolling down hides the fixed header; scrolling up shows it again.',
    needsFixedHeader: 'Turn on Fixed header to use this option.',
  },
  weakColor: {
    label: 'Weak-colour mode',
    hint: 'Inverts the colours of the console by 80 percent, which can help with some colour vision deficiencies.',
  },
  reset: 'Reset to defaults',
  resetDone: 'Interface settings reset to their defaults.',
} as const;

export default settings;
