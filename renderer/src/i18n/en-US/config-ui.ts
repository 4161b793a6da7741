/**
 * Console texts of configuration kinds (renderer/src/config): the preview's frame and toolbar, the
 * revision diff. The texts the app itself shows (period names, "% off") are the content's and live
 * in the contract's `config` namespace, in the content's language.
 */
const configUi = {
  preview: {
    regionLabel: 'Preview of the page as the app shows it',
    toolbarLabel: 'Preview options',
    languageGroup: 'Content language',
    english: 'English',
    chinese: 'Chinese',
    themeGroup: 'Appearance',
    light: 'Light',
    dark: 'Dark',
    placeholder: {
      title: 'Title',
      button: 'Button content',
      period: 'Period',
      noPlans: 'No plans yet',
    },
  },
  diff: {
    field: 'Field',
    tableLabel: 'Changes from {{before}} to {{after}}',
    empty: 'No differences',
    emptyHint: '{{before}} and {{after}} are the same.',
    kinds: { added: 'Added', removed: 'Removed', changed: 'Changed' },
    yes: 'Yes',
    no: 'No',
    none: '—',
    emptyText: '(empty text)',
    emptyList: 'None',
    /** Between the values of a list: "Home, Settings". */
    listSeparator: ', ',
    /** Between the labels of a nested field: "Subscription plans › 2 › Period". */
    pathSeparator: ' › ',
  },
};

export default configUi;
