/**
 * Business constants from the specification (§9), defined once for server and client.
 * Durations are milliseconds unless the name says otherwise.
 */
export const LIMITS = {
  /** Longest comment, in characters as the counter counts them. */
  commentMaxLength: 500,
  /** Live search in the left bar. */
  liveSearchDebounceMs: 300,
  liveSearchMinLength: 3,
  /** Content request search. */
  requestSearchMinLength: 2,
  /** Collection item search and group member search. */
  collectionSearchDebounceMs: 500,
  collectionSearchMinLength: 2,
  groupMemberSearchDebounceMs: 500,
  groupMemberSearchMinLength: 2,
  /** How long a toast notification stays on screen. */
  toastDurationMs: 3000,
  /** Legacy chat clients poll get_chat this often; our client does too while its socket is down. */
  chatPollIntervalMs: 5000,
  /** Lifetime of the age-confirmation cookie. */
  ageCookieDays: 18,
  /** Pre-roll ads. */
  adSkipAfterSeconds: 5,
  adTickMs: 1000,
  adStartDelayMs: 300,
  adVolume: 0.5,
  /** Article paragraphs longer than this are truncated with a more/less link. */
  articleTruncateLength: 550,
  /** Discover sliders. */
  yearSliderMin: 2000,
  ratingSliderMin: 0,
  ratingSliderMax: 10,
  /** Confetti effect and message scroll animation. */
  confettiMs: 4500,
  messageScrollMs: 400,
  /** Lazy-load threshold for images, in pixels. */
  lazyLoadThresholdPx: 0,
} as const;

/** Redirect delays after an action, from the specification (§9). */
export const REDIRECT_DELAYS = {
  afterTopicCreatedMs: 1500,
  loginRequiredForRequestMs: 2000,
  afterCollectionCreatedMs: 400,
  afterPasswordChangedMs: 1500,
  afterGroupCreatedMs: 1200,
} as const;

/** Carousel layouts (§9): slides per view by minimum viewport width. */
export const CAROUSELS = {
  channels: { slides: 6, gapPx: 20, breakpoints: { 0: 2, 768: 3, 1280: 6 } },
  firstMovies: { slides: 4, gapPx: 20, breakpoints: { 0: 2, 768: 3 } },
} as const;

/** Name of the age-confirmation cookie and of the content level cookie (§3). */
export const COOKIES = {
  ageConfirmed: 'censor',
  level: 'level',
} as const;

/** Largest id a row can have (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;
