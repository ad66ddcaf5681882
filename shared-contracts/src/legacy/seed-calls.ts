/**
 * Every call of the seed's §7, as the seed names it: each `/ajax/service` type and each path, and
 * for a path several features share, each feature's branch. A call not built yet names the open
 * issue that builds it (`later`); a coverage test holds the running server to this table, so the
 * `later` entries are exactly the calls still to build.
 */
export interface SeedLegacyCall {
  /** `ajax` for an `/ajax/service` type, `path` for a path of its own. */
  surface: 'ajax' | 'path';
  /** The type (`get_chat`) or the path as the seed writes it (`/{type}/delete/post`). */
  call: string;
  /** On a shared path, the feature's branch (`comment` on `/set/action`). */
  branch?: string;
  /** Not built yet: the number of the open issue that builds it. */
  later?: number;
}


const ajax = (call: string, later?: number): SeedLegacyCall => ({ surface: 'ajax', call, ...(later === undefined ? {} : { later }) });
const path = (call: string, later?: number, branch?: string): SeedLegacyCall => ({
  surface: 'path',
  call,
  ...(branch === undefined ? {} : { branch }),
  ...(later === undefined ? {} : { later }),
});

export const SEED_LEGACY_CALLS: readonly SeedLegacyCall[] = [
  ajax('loadEpisode'),
  ajax('addFavorite'),
  ajax('newTopic2'),
  ajax('get_stream'),
  ajax('videoGet'),
  ajax('following'),
  ajax('addSocial'),
  ajax('sendMessage'),
  ajax('getMessage'),
  ajax('actionData'),
  ajax('editTopic'),
  ajax('forgot_pw'),
  ajax('addClap'),
  ajax('create_room'),
  ajax('add_chat'),
  ajax('get_chat'),
  ajax('getList'),
  ajax('readNotification'),

  path('/get/more/comment'),
  path('/add/comment'),
  path('/set/comment/reply'),
  path('/set/action', undefined, 'comment'),
  path('/set/action', undefined, 'flow'),
  path('/set/episode/watch'),
  path('/set/follow'),
  path('/set/discussion'),
  path('/{type}/delete/post', undefined, 'comment'),
  path('/{type}/delete/post', undefined, 'discussion'),
  path('/{type}/delete/post', undefined, 'group'),
  path('/user/set/avatar'),
  path('/search'),
  path('/set/user/info'),
  path('/set/user/password'),
  path('/collection/delete'),
  path('/set/collection'),
  path('/get/search'),
  path('/set/request'),
  path('/set/request/vote'),
  path('/request/load'),
  path('/widget/episode/load'),
  path('/set/report', undefined, 'comment'),
  path('/set/report', undefined, 'content'),
  path('/send/contact'),
  path('/get/video/group'),
  path('/episode/load'),
  path('/collection/search'),
  path('/collection/set'),
  path('/auth/login'),
  path('/auth/register'),
  path('/auth/forgot-password'),
  path('/auth/change/password'),
  path('/user/get/message'),
  path('/user/send/message'),
  path('/user/letmeknow'),
  path('/set/continue/watch'),
  path('/delete/continue/watch'),
  path('/get/more/notification'),
  path('/set/group/post'),
  path('/set/flow/post'),
  path('/set/poll/vote'),
  path('/flow/set/poll/vote'),
  path('/get/flow/post'),
  path('/edit/flow/post'),
  path('/delete/flow/post/image'),
  path('/akis/{page}'),
  path('/user/badges/load'),
  path('/group/create'),
  path('/group/update'),
  path('/group/delete'),
  path('/user/search'),
];

/** Legacy-style paths the site answers beyond the seed's list. */
export const LEGACY_PATHS_BEYOND_SEED: readonly string[] = ['/auth/logout'];

/**
 * Every legacy path the server routes, as the seed writes them: the seed's (built or not; one not
 * built answers 404, as an unknown path does) and those beyond it. `/ajax/service` is one of them.
 */
export const LEGACY_PATHS: readonly string[] = [
  '/ajax/service',
  ...new Set(SEED_LEGACY_CALLS.filter((entry) => entry.surface === 'path').map((entry) => entry.call)),
  ...LEGACY_PATHS_BEYOND_SEED,
];
