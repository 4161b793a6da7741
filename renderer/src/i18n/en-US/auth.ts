/** The public screens: sign-in, password reset, and the session notices shown around them. */
const auth = {
  login: {
    title: 'Sign in',
    subtitle: 'Use your operator account to manage your apps.',
    email: 'Email',
    emailPlaceholder: 'name@company.com',
    password: 'Password',
    submit: 'Log in',
    submitting: 'Logging in…',
    forgot: 'Forgot password?',
    redirectNotice: 'Sign in to continue to the page you asked for.',
  },
  reset: {
    title: 'Reset your password',
    requestHint: 'Enter the email of your account. We will send you a six-digit verification code.',
    confirmHint: 'Enter the code from the email and choose a new password.',
    send: 'Send code',
    sending: 'Sending…',
    codeSent: 'If {{email}} has an account, a code is on its way. It can take a minute to arrive.',
    code: 'Verification code',
    codeHint: 'The six digits from the email.',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    passwordHint: '8 to 16 English letters and digits.',
    submit: 'Reset password',
    submitting: 'Resetting…',
    resend: 'Send a new code',
    backToSignIn: 'Back to sign-in',
    done: 'Your password has been reset. Sign in with your new password.',
  },
  persistence: {
    memoryTitle: 'No keychain available',
    memoryBody: 'This computer offers no keychain, so you stay signed in only until the console closes.',
  },
  session: {
    ended: 'Your session has ended. Sign in again to continue.',
  },
  footer: {
    privacy: 'Privacy',
    terms: 'Terms',
    help: 'Help',
  },
} as const;

export default auth;
