/**
 * Writes docs/errors.md from the error catalogue and its en-US messages.
 *
 * The page is generated so it cannot drift from the code: tests/contract/errors-doc.test.ts fails when
 * the committed file differs from what this writes. Run `npx tsx scripts/gen-errors-doc.ts` after
 * changing contract/errors.ts or the `errors` / `http` messages in contract/i18n.
 */
import { writeFileSync } from 'node:fs';
import { errorsDocPath, renderErrorsDoc } from '../tests/contract/errors-doc';

writeFileSync(errorsDocPath, renderErrorsDoc());
console.log(`Wrote ${errorsDocPath}`);
