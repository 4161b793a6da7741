/**
 * Writes docs/evaluation-vectors.json, the evaluation's test vectors for the app SDKs.
 *
 * The cases and their expected reasons are written by hand in tests/contract/config/evaluation-vectors.ts;
 * tests/contract/config/evaluation-vectors.test.ts fails when contract/config/evaluate.ts disagrees with
 * them or when the committed file differs from what this writes. Run `npx tsx scripts/gen-evaluation-vectors.ts`
 * after changing the cases.
 */
import { writeFileSync } from 'node:fs';
import { renderVectors, vectorsPath } from '../tests/contract/config/evaluation-vectors';

writeFileSync(vectorsPath, renderVectors());
console.log(`Wrote ${vectorsPath}`);
