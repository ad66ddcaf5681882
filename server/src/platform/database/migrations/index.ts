import { StreamSequences1763800000000 } from './1763800000000-stream-sequences';
import { Accounts1763900000000 } from './1763900000000-accounts';
import { Catalog1764000000000 } from './1764000000000-catalog';
import { MemberState1764100000000 } from './1764100000000-member-state';
import { CatalogReadIndexes1764200000000 } from './1764200000000-catalog-read-indexes';
import { Comments1764300000000 } from './1764300000000-comments';
import { WatchRooms1764400000000 } from './1764400000000-watch-rooms';
import { RoomMessageSendWindow1764500000000 } from './1764500000000-room-message-send-window';
import { SendIdempotencyKeys1764600000000 } from './1764600000000-send-idempotency-keys';
import { Outbox1764700000000 } from './1764700000000-outbox';
import { RoomChatStreamNames1764800000000 } from './1764800000000-room-chat-stream-names';
import { PrivateMessages1764900000000 } from './1764900000000-private-messages';
import { Notifications1765000000000 } from './1765000000000-notifications';
import { EpisodeRelease1765300000000 } from './1765300000000-episode-release';
import { FlowPosts1765400000000 } from './1765400000000-flow-posts';
import { FlowPostClientKeys1765410000000 } from './1765410000000-flow-post-client-keys';
import { PollsReactions1765450000000 } from './1765450000000-polls-reactions';
import { Badges1765600000000 } from './1765600000000-badges';
import { Groups1765700000000 } from './1765700000000-groups';
import { FlowVoteReactFunctions1765710000000 } from './1765710000000-flow-vote-react-functions';
import { Collections1765800000000 } from './1765800000000-collections';
import { ContentRequests1765810000000 } from './1765810000000-content-requests';
import { ContactMessages1765820000000 } from './1765820000000-contact-messages';
import { EpisodeClapsSourceIssues1765820500000 } from './1765820500000-episode-claps-source-issues';
import { Discussions1765830000000 } from './1765830000000-discussions';
import { ContentReports1765840000000 } from './1765840000000-content-reports';
import { PopularWindowIndexes1765850000000 } from './1765850000000-popular-window-indexes';
import { TimedComments1765860000000 } from './1765860000000-timed-comments';
import { SkipSegments1765870000000 } from './1765870000000-skip-segments';
import { GenreTitleCounts1765880000000 } from './1765880000000-genre-title-counts';
import { GenreTitleRatings1765890000000 } from './1765890000000-genre-title-ratings';
import { TitlePages1765900000000 } from './1765900000000-title-pages';
import { EpisodeAirCovering1765910000000 } from './1765910000000-episode-air-covering';
import { TitlePageSerialScan1765920000000 } from './1765920000000-title-page-serial-scan';
import { TitlePageSmallEtag1765930000000 } from './1765930000000-title-page-small-etag';
import { HomeCatalogVersion1765940000000 } from './1765940000000-home-catalog-version';

/** Every migration, oldest first. A new migration is added here and nowhere else. */
export const migrations = [
  StreamSequences1763800000000,
  Accounts1763900000000,
  Catalog1764000000000,
  MemberState1764100000000,
  CatalogReadIndexes1764200000000,
  Comments1764300000000,
  WatchRooms1764400000000,
  RoomMessageSendWindow1764500000000,
  SendIdempotencyKeys1764600000000,
  Outbox1764700000000,
  RoomChatStreamNames1764800000000,
  PrivateMessages1764900000000,
  Notifications1765000000000,
  EpisodeRelease1765300000000,
  FlowPosts1765400000000,
  FlowPostClientKeys1765410000000,
  PollsReactions1765450000000,
  Badges1765600000000,
  Groups1765700000000,
  FlowVoteReactFunctions1765710000000,
  Collections1765800000000,
  ContentRequests1765810000000,
  ContactMessages1765820000000,
  EpisodeClapsSourceIssues1765820500000,
  Discussions1765830000000,
  ContentReports1765840000000,
  PopularWindowIndexes1765850000000,
  TimedComments1765860000000,
  SkipSegments1765870000000,
  GenreTitleCounts1765880000000,
  GenreTitleRatings1765890000000,
  TitlePages1765900000000,
  EpisodeAirCovering1765910000000,
  TitlePageSerialScan1765920000000,
  TitlePageSmallEtag1765930000000,
  HomeCatalogVersion1765940000000,
];
