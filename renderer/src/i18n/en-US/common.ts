/** Words every area uses: the product name, actions, states, the chunk-loading fallback. */
const common = {
  appName: 'Palette Console',
  appTagline: 'Back office for Palette apps',
  actions: {
    save: 'Save changes',
    saving: 'Saving…',
    cancel: 'Cancel',
    close: 'Close',
    retry: 'Try again',
    reload: 'Reload',
    refresh: 'Refresh',
    back: 'Back',
    previous: 'Previous',
    next: 'Next',
    viewAll: 'View all',
    dismiss: 'Dismiss',
  },
  status: {
    loading: 'Loading…',
    loadFailed: 'This information could not be loaded.',
  },
  form: {
    passwordMismatch: 'The passwords do not match.',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    required: 'Required',
    noMatches: 'Nothing matches what you typed.',
  },
  chunk: {
    loading: 'Loading this part of the console…',
    failedTitle: 'This part of the console did not load',
    failedBody: 'Check your connection, then try again. If it keeps failing, reload the console.',
    timeoutBody: 'Loading took longer than two minutes and was stopped. Check your connection, then try again.',
    reloadConsole: 'Reload console',
  },
  pagination: {
    summary: 'Page {{page}} of {{pages}}',
    label: 'Pagination',
  },
  // The language picker's texts: here (not in layout) because the sign-in screen shows the picker too.
  language: {
    label: 'Language',
    translated: 'Translated',
    others: 'Other languages (shown in English)',
    fallbackNote: 'Translation not yet available, showing English.',
  },
} as const;

export default common;
