import auth from '../en-US/auth';
import common from '../en-US/common';

/** The public screens' namespaces in en-US (i18n/catalogues.ts `publicNamespaces`): the sign-in screen's only texts. */
export default { common, auth };
