/**
 * Writes docs/popup-vectors.json, the popup choice's test vectors for the app SDKs.
 *
 * The cases and their expected choices are written by hand in tests/contract/config/popup-vectors.ts;
 * tests/contract/config/popup-vectors.test.ts fails when contract/config/popup-choice.ts disagrees
 * with them or when the committed file differs from what this writes. Run
 * `npx tsx scripts/gen-popup-vectors.ts` after changing the cases.
 */
import { writeFileSync } from 'node:fs';
import { popupVectorsPath, renderPopupVectors } from '../tests/contract/config/popup-vectors';

writeFileSync(popupVectorsPath, renderPopupVectors());
console.log(`Wrote ${popupVectorsPath}`);
