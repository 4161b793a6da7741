/**
 * Kept for `connectivity/use-connectivity.ts`, which lies outside the renderer-layering change:
 * the notice bus lives in `components/notices.ts` now (every layer shows notices, so it sits
 * below them all). Point that import there and delete this file.
 */
export { notify } from '../components/notices';
