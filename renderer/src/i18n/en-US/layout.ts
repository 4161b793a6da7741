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
  tabs: {
    more: 'More tabs ({{count}})',
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
  connectivity: {
    networkTitle: 'You are offline',
    networkBody: 'No network connection. What you type is kept.',
    serverTitle: 'Server unreachable',
    serverBody: 'The Palette server is not answering. What you type is kept.',
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
    refusedTitle: 'Update refused',
    integrityBody:
      'The download of version {{version}} did not match the checksum its download server published, so it was discarded. The console keeps running this version and tries again at the next check.',
    signatureBody: 'The installer of version {{version}} is not signed by the publisher, so it was discarded. The console keeps running this version.',
  },
  session: {
    memoryBody: 'No keychain is available: you stay signed in only until the console closes.',
  },
  embeddedServer: {
    restartingTitle: 'Restarting the server',
    restartingBody: 'The console’s built-in server stopped unexpectedly ({{how}}) and is being started again on the same data. What you type is kept.',
    failedTitle: 'The server keeps stopping',
    failedBody: 'The console’s built-in server stopped {{times}} times in a short while, so it is no longer restarted on its own. Its log is at {{path}}.',
    failedBodyNoLog: 'The console’s built-in server stopped {{times}} times in a short while, so it is no longer restarted on its own.',
    tryAgain: 'Try again',
    back: 'Server restarted: running again on the same data',
  },
} as const;

export default layout;
