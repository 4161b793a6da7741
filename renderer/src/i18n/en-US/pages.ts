/** The welcome page and the error pages (403, 404, 500). */
const pages = {
  welcome: {
    morning: 'Good morning, {{name}}',
    afternoon: 'Good afternoon, {{name}}',
    evening: 'Good evening, {{name}}',
    subtitle: 'Welcome to Palette Console.',
    shortcuts: {
      title: 'Shortcuts',
      profile: 'Edit your profile',
      profileHint: 'Change the name other operators see.',
      security: 'Password and sign-ins',
      securityHint: 'Change your password and review recent sign-ins.',
      settings: 'Interface settings',
      settingsHint: 'Theme, colour, navigation and layout.',
    },
    signIns: {
      title: 'Recent sign-ins',
      empty: 'No sign-ins recorded yet.',
    },
    profile: {
      title: 'Your account',
      email: 'Email',
      role: 'Role',
      memberSince: 'Member since',
      session: 'Session',
      keychain: 'Kept in the system keychain',
      memory: 'Kept until the console closes',
    },
  },
  errors: {
    forbidden: {
      title: 'Access denied',
      body: 'You do not have permission to open this page. Ask a project owner or an administrator for access.',
    },
    notFound: {
      title: 'Page not found',
      body: 'This page does not exist or has moved. Check the address, or go back to the home page.',
    },
    serverError: {
      title: 'Something went wrong',
      body: 'The console ran into an unexpected problem. Try again; if it keeps happening, tell your administrator.',
    },
    code: 'Error {{code}}',
    backHome: 'Back to home',
    goBack: 'Go back',
    signIn: 'Go to sign-in',
    tryAgain: 'Try again',
  },
} as const;

export default pages;
