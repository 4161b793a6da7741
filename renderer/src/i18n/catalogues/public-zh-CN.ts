import auth from '../zh-CN/auth';
import common from '../zh-CN/common';

/** The public screens' namespaces in zh-CN (i18n/catalogues.ts `publicNamespaces`): the sign-in screen's only texts. */
export default { common, auth };
