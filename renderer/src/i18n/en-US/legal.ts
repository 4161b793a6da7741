/**
 * The console's own help, privacy and terms pages (`/help`, `/privacy`, `/terms`).
 *
 * Each page is a title, a summary and sections in reading order; a section is a heading, its
 * paragraphs (`body`) and, where it helps, a list (`list`). The page renders whatever keys a section
 * has here, so adding a paragraph is one line in each language.
 */
const legal = {
  nav: {
    label: 'Help and legal pages',
    help: 'Help',
    privacy: 'Privacy',
    terms: 'Terms of use',
    back: 'Back',
    contents: 'On this page',
  },
  help: {
    title: 'Help',
    summary: 'How to get started with Palette Console, what it does when the connection drops, and where to turn when something does not work.',
    sections: {
      signIn: {
        title: 'Signing in',
        body: {
          p1: 'Sign in with the email address and password of your operator account. Accounts are created by an administrator of your organization; there is no self-service registration.',
          p2: 'If the console asked you to sign in on the way to a page, it takes you back to that page once you are signed in.',
        },
      },
      firstAdmin: {
        title: 'The first administrator',
        body: {
          p1: 'When the Palette server starts on an empty database it creates one administrator account. Its email address is admin@palette.local unless the installation set ADMIN_EMAIL; its password is the one set in ADMIN_PASSWORD, or a random one printed once in the server log.',
          p2: 'Sign in with that account, change its password from Account › Security, and create the accounts of the other operators. Keep at least two administrators so that one can help the other.',
        },
      },
      languages: {
        title: 'Languages',
        body: {
          p1: 'The console is available in English and Simplified Chinese. Choose a language from the picker at the top of the sign-in page or from the header once signed in; the choice is kept on this computer and applies at once, dates and numbers included.',
          p2: 'Languages marked as not yet translated are shown in English until their translation is available.',
        },
      },
      interface: {
        title: 'Interface settings',
        body: {
          p1: 'The settings button in the header opens the interface settings: light or dark page style, theme colour, side or top navigation, fixed or fluid content width, a fixed header that can hide while you scroll, and a weak-colour mode.',
          p2: 'These settings are saved on this computer only and take effect immediately. Reset to defaults restores the original look.',
        },
      },
      offline: {
        title: 'Working offline',
        body: {
          p1: 'The console checks the network and the Palette server continuously. When either is lost, a banner says so at the top of the page and changes are paused; what you have typed stays in the form.',
          p2: 'Pages you have already opened remain readable. When the connection returns, the banner disappears and you can save again; nothing needs to be restarted.',
        },
      },
      session: {
        title: 'Staying signed in',
        body: {
          p1: 'After you sign in, the session token is stored in the keychain of your operating system (Keychain on macOS, Credential Manager on Windows, the Secret Service on Linux), so you stay signed in when you reopen the console. It is never written to disk in plain text.',
          p2: 'If this computer has no keychain, the console says so on the sign-in page and keeps the token in memory only: you are signed out when the console closes.',
          p3: 'A session ends after a period without use, at the latest a fixed time after sign-in, or when you sign in on another computer. You are then asked to sign in again.',
        },
      },
      password: {
        title: 'Forgotten password',
        body: {
          p1: 'Choose Forgot password? on the sign-in page and enter your email address. A six-digit verification code is sent to that address; enter it with your new password to finish.',
          p2: 'Passwords have 8 to 16 characters, English letters and digits only. If no email arrives within a few minutes, check your spam folder, then ask your administrator: the installation may not be set up to send mail.',
        },
      },
      support: {
        title: 'Getting support',
        body: {
          p1: 'Palette Console is run by your organization. For access, roles, a locked account or an error that persists, contact your administrator or your internal IT support.',
          p2: 'When you report a problem, include what you were doing, the time, the message shown and its numeric code, and the console version shown at the bottom of every page.',
        },
      },
      keyboard: {
        title: 'Keyboard and accessibility',
        body: {
          p1: 'Everything in the console can be reached with the keyboard, and every control has a name that screen readers announce.',
        },
        list: {
          skip: 'Tab from the top of a page shows Skip to content, which moves focus past the header and menu.',
          move: 'Tab and Shift+Tab move between controls; arrow keys move within menus, tabs and lists.',
          act: 'Enter or Space activates the focused button or link; Enter submits a form.',
          close: 'Escape closes menus, dialogs and the settings panel and returns focus to where it was.',
          zoom: 'Ctrl and plus or minus (Cmd on macOS) zooms the console; the layout adapts to large text.',
          contrast: 'The dark page style, the theme colour and the weak-colour mode can make the console easier to read.',
        },
      },
    },
  },
  privacy: {
    title: 'Privacy',
    summary: 'What Palette Console stores about operators, where it is kept and why. This page describes the console itself; your organization may publish its own privacy policy for the data it processes.',
    sections: {
      account: {
        title: 'Your operator account',
        body: {
          p1: 'The Palette server keeps the email address, name and role of every operator account, and when the account was created and last changed. They identify you to other operators and decide what you may do.',
          p2: 'Your password is never stored. The server keeps only an Argon2id hash of it, from which the password cannot be recovered; nobody, administrators included, can read it.',
        },
      },
      signIns: {
        title: 'Sign-in records',
        body: {
          p1: 'Each sign-in attempt, successful or not, is recorded with its time, the network address it came from and the program and operating system that made it. You can review your own recent sign-ins on the welcome page and under Account › Security.',
          p2: 'These records protect your account: they show sign-ins you do not recognize and let the server slow down repeated attempts to guess a password.',
        },
      },
      session: {
        title: 'On this computer',
        body: {
          p1: 'The session token that keeps you signed in is stored in the keychain of your operating system and nowhere else; it is never written in plain text and is never given to the pages of the console. Signing out deletes it.',
          p2: 'Your interface preferences (language, page style, colour, layout) are kept in the local storage of the console on this computer. They contain no personal data and stay on this computer.',
        },
      },
      audit: {
        title: 'Audit of changes',
        body: {
          p1: 'Every change to configuration, such as creating, editing, publishing or deleting an item, is recorded with the operator who made it and when. The record lets your team see who changed what, and trace a mistake back to the change that caused it.',
        },
      },
      errors: {
        title: 'Error reports',
        body: {
          p1: 'The console sends error reports only when your installation configures an error-reporting service. A report describes the error and the program version; it does not include passwords, session tokens or the content of forms.',
          p2: 'When no service is configured, which is the default, nothing leaves your organization.',
        },
      },
      control: {
        title: 'Questions and corrections',
        body: {
          p1: 'You can change your name and password yourself under Account. For a copy of the data held about you, a correction of your email address or role, or the removal of your account, contact your administrator.',
        },
      },
    },
  },
  terms: {
    title: 'Terms of use',
    summary: 'The rules for operators of Palette Console. By signing in you agree to follow them, together with the policies of your organization.',
    sections: {
      authorized: {
        title: 'Authorized use',
        body: {
          p1: 'Use the console only for the work your organization has given you, and only with the account issued to you. Do not use another operator’s account, and do not try to reach data or functions your role does not allow.',
        },
      },
      confidentiality: {
        title: 'Confidentiality of customer data',
        body: {
          p1: 'Customer records, transactions, prices and unreleased configuration are confidential. Look at them only when your work needs it, do not copy them outside the systems your organization approves, and do not share them with anyone who is not entitled to see them.',
        },
      },
      security: {
        title: 'Account security',
        body: {
          p1: 'Keep your password to yourself and do not reuse it on other services. Lock or sign out of the console when you leave your computer.',
          p2: 'If you suspect that someone else knows your password or has used your account, change the password at once and tell your administrator.',
        },
      },
      audit: {
        title: 'Changes are audited',
        body: {
          p1: 'Changes you make are recorded with your name and the time, and what you publish reaches the apps of your customers. Check your changes before you publish them, and use the preview where one is offered.',
        },
      },
      acceptable: {
        title: 'Acceptable use',
        body: {
          p1: 'Do not upload content that is unlawful, misleading or infringes the rights of others, and do not use the console to send customers offers your organization has not approved.',
          p2: 'Do not probe, overload or work around the security of the console or the Palette server, and do not automate it except through the means your organization provides.',
        },
      },
      changes: {
        title: 'Changes to these terms',
        body: {
          p1: 'Your organization may change these terms; the console shows the current version. Breaking them may lead to your access being suspended, in addition to any measures under your organization’s policies.',
        },
      },
    },
  },
} as const;

export default legal;
