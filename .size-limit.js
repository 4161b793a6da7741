// size-limit's checks: the renderer's first screens within their script budgets (issue 12).
// The file sets come from the build's manifest: scripts/bundle-budgets.mjs says how.
import { budgetChecks } from './scripts/bundle-budgets.mjs';

export default budgetChecks('out/renderer');
