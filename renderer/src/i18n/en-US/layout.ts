/** The authenticated frame: navigation, header, inbox, banners and notices. */
const layout = {
  nav: {
    label: 'Main navigation',
    toggle: 'Show or hide navigation',
    breadcrumb: 'Breadcrumb',
    areas: {
      home: 'Home',
      customers: 'Customers',
      transactions: 'Transactions',
      projects: 'Projects',
      assets: 'Assets',
      tools: 'Universal tools',
      management: 'Management',
      pricing: 'Pricing',
      system: 'System management',
    },
    items: {
      welcome: 'Welcome',
      account: 'Account',
    },
  },
  header: {
    skipToContent: 'Skip to content',
    help: 'Help and legal',
    helpCenter: 'Help center',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    settings: 'Interface settings',
    inbox: 'Notifications, messages and events',
  },
  user: {
    menu: 'Account menu',
    signedInAs: 'Signed in as',
    account: 'Account',
    security: 'Security',
    signOut: 'Log out',
  },
  inbox: {
    title: 'Inbox',
    tabs: {
      notifications: 'Notifications',
      messages: 'Messages',
      events: 'Events',
    },
    empty: {
      notifications: 'No notifications',
      notificationsHint: 'Notices about your projects and releases will appear here.',
      messages: 'No messages',
      messagesHint: 'Messages from your team will appear here.',
      events: 'No events',
      eventsHint: 'Sign-ins to your account will appear here.',
    },
    signInSucceeded: 'Signed in',
    signInFailed: 'Sign-in attempt failed',
    fromAddress: 'From {{ip}}',
    viewSecurity: 'Review in Security',
  },
  language: {
    label: 'Language',
    translated: 'Translated',
    others: 'Other languages (shown in English)',
    fallbackNote: 'Translation not yet available, showing English.',
  },
  connectivity: {
    networkTitle: 'You are offline',
    networkBody: 'No network connection. Changes are paused until it is back; what you type is kept.',
    serverTitle: 'Server unreachable',
    serverBody: 'The Palette server is not answering. Changes are paused until it is back; what you type is kept.',
    restored: 'Connection restored',
  },
  newContent: {
    title: 'New content is available',
    body: 'A newer version of the console has been installed. Refresh to use it.',
    refresh: 'Refresh',
  },
  update: {
    title: 'Update ready',
    body: 'Version {{version}} has been downloaded and will be installed when the console restarts.',
    install: 'Restart to update',
  },
  session: {
    memoryBody: 'No keychain is available: you stay signed in only until the console closes.',
  },
} as const;

export default layout;
