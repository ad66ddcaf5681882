/**
 * How long data read ahead of a visit (a link's preload on hover, focus or touch) serves that
 * visit. The router keeps a route loader's result this long (router.ts) and the queries a page
 * reads ahead stay fresh as long, so a click right after the preload reads nothing twice.
 */
export const PRELOAD_FRESH_MS = 30_000;

/**
 * When a page with a skeleton (title, watch) shows it on the way there: an answer within
 * `pendingMs` keeps the previous page (no flash); once shown, the skeleton stays at least
 * `pendingMinMs`, so it never blinks. The router's defaults (1 s, 0.5 s) stay for the pages that
 * say "Yükleniyor...".
 */
export const SKELETON_PENDING = { pendingMs: 200, pendingMinMs: 200 } as const;
