import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { COMMENT_TARGET_TYPES, type GroupFields } from '@seyirlik/shared-contracts';
import { PinoLogger } from 'nestjs-pino';
import { DataSource } from 'typeorm';
import { AccountsService } from '../accounts/accounts.service';
import { AvatarService } from '../accounts/avatar.service';
import { MemberStateService } from '../catalog/member/member-state.service';
import { CommentsService, type TargetAddress } from '../comments/comments.service';
import { DiscussionsService } from '../discussions/discussions.service';
import { FlowService } from '../flow/flow.service';
import { GroupsService } from '../flow/groups/groups.service';
import { PollsService } from '../flow/polls/polls.service';
import { ReactionsService } from '../flow/reactions/reactions.service';
import { MessagesService } from '../messages/messages.service';
import { RoomsService } from '../rooms/rooms.service';
import { drawDemoAvatar } from './demo-avatar';
import {
  DEMO_COMMENTS,
  DEMO_CONVERSATION,
  DEMO_GROUP,
  DEMO_LOGIN,
  DEMO_MEMBERS,
  DEMO_POLL,
  DEMO_POSITIONS,
  DEMO_POSTS,
  DEMO_ROOM,
  DEMO_TOPIC,
  DEMO_WATCHED,
  type DemoComment,
  type DemoEpisode,
} from './demo-community';

/** Member ids by user name. */
type Members = ReadonlyMap<string, number>;

/**
 * Seeds the embedded demo's community (demo-community.ts) through the features' own services, so
 * every row, counter, sequence and event is what members' own actions make: members with drawn
 * avatars, comments with replies and likes, watched episodes and positions, a watch-together room
 * with its chat, a private conversation, flow posts with reactions and a poll, a forum topic and a
 * group. The demo catalog must be in place.
 */
@Injectable()
export class DemoCommunitySeeder {
  constructor(
    private readonly dataSource: DataSource,
    private readonly accounts: AccountsService,
    private readonly avatars: AvatarService,
    private readonly memberState: MemberStateService,
    private readonly comments: CommentsService,
    private readonly rooms: RoomsService,
    private readonly messages: MessagesService,
    private readonly flow: FlowService,
    private readonly polls: PollsService,
    private readonly reactions: ReactionsService,
    private readonly discussions: DiscussionsService,
    private readonly groups: GroupsService,
    private readonly logger: PinoLogger,
  ) {}

  /**
   * Seeds the community on the site's first start, which no member has joined yet; answers
   * whether it did. A site with members (a later start, or one whose members came first) is left
   * as it is.
   */
  async seedIfFirstStart(): Promise<boolean> {
    const [{ started }]: Array<{ started: boolean }> = await this.dataSource.query('SELECT EXISTS (SELECT 1 FROM app_user) AS started');
    if (started) return false;
    const members = await this.seedMembers();
    await this.seedWatching(members);
    for (const page of DEMO_COMMENTS) await this.seedComments(members, await this.commentPage(page.on), page.comments);
    await this.seedRoom(members);
    for (const message of DEMO_CONVERSATION) {
      await this.messages.sendTo(members.get(message.from)!, { username: message.to }, { text: message.text });
    }
    await this.seedFlow(members);
    await this.seedTopic(members);
    await this.seedGroup(members);
    this.logger.info({ members: members.size, login: DEMO_LOGIN.username }, 'demo community seeded');
    return true;
  }

  /** The members with their drawn avatars; only the demo login's password is known. */
  private async seedMembers(): Promise<Members> {
    const members = new Map<string, number>();
    for (const member of DEMO_MEMBERS) {
      const password = member.username === DEMO_LOGIN.username ? DEMO_LOGIN.password : randomBytes(18).toString('base64url');
      const user = await this.accounts.createMember({
        username: member.username,
        emailAddress: `${member.username}@demo.seyirlik.local`,
        password,
        profileName: member.profileName,
        about: member.about,
        country: 'Türkiye',
      });
      await this.avatars.setMade(user.id, await drawDemoAvatar(member));
      members.set(member.username, user.id);
    }
    return members;
  }

  private async episodeId(on: DemoEpisode): Promise<number> {
    const title = await this.memberState.titleByAddress(on.kind, on.slug);
    return this.memberState.episodeByNumbers(title.id, on.season, on.episode);
  }

  /** Where an episode's comments are: its watch page, or for a film its title's page. */
  private async commentPage(on: DemoEpisode): Promise<TargetAddress> {
    if (on.kind === 'film') return { kind: on.kind, slug: on.slug };
    return { type: COMMENT_TARGET_TYPES.episode, id: await this.episodeId(on) };
  }

  private async seedWatching(members: Members): Promise<void> {
    for (const { member, episodes } of DEMO_WATCHED) {
      for (const episode of episodes) {
        await this.memberState.setWatched(members.get(member)!, await this.memberState.episode(await this.episodeId(episode)), true);
      }
    }
    for (const { member, on, seconds } of DEMO_POSITIONS) {
      await this.memberState.saveContinue(members.get(member)!, await this.episodeId(on), seconds);
    }
  }

  private async seedComments(members: Members, page: TargetAddress, comments: readonly DemoComment[]): Promise<void> {
    for (const comment of comments) {
      const stored = await this.comments.add(members.get(comment.author)!, page, { text: comment.text, spoiler: comment.spoiler ?? false });
      for (const reply of comment.replies) {
        await this.comments.add(members.get(reply.author)!, page, { text: reply.text, spoiler: false, parentId: stored.id });
      }
      for (const liker of comment.likedBy) await this.comments.toggleLike(members.get(liker)!, stored.id);
    }
  }

  private async seedRoom(members: Members): Promise<void> {
    const { code } = await this.rooms.create(members.get(DEMO_ROOM.creator)!, {
      title: DEMO_ROOM.title,
      episodeId: await this.episodeId(DEMO_ROOM.on),
      invite: DEMO_ROOM.invited.map((username) => members.get(username)!),
      controlMode: 'creator',
    });
    for (const message of DEMO_ROOM.chat) await this.rooms.sendMessage(members.get(message.author)!, code, { text: message.text });
  }

  private async seedFlow(members: Members): Promise<void> {
    for (const post of DEMO_POSTS) {
      const { id } = await this.flow.create(members.get(post.author)!, { kind: 'post', text: post.text }, []);
      for (const reaction of post.reactions) await this.reactions.react(members.get(reaction.member)!, id, reaction.kind);
    }
    const poll = await this.flow.create(members.get(DEMO_POLL.author)!, { kind: 'poll', question: DEMO_POLL.question, answers: [...DEMO_POLL.answers] }, []);
    const options = poll.poll!.options;
    for (const vote of DEMO_POLL.votes) await this.polls.vote(members.get(vote.member)!, poll.id, options[vote.answer]!.id);
  }

  private async seedTopic(members: Members): Promise<void> {
    const series = await this.memberState.titleByAddress(DEMO_TOPIC.series.kind, DEMO_TOPIC.series.slug);
    const { discussion } = await this.discussions.create(members.get(DEMO_TOPIC.author)!, {
      title: DEMO_TOPIC.title,
      text: DEMO_TOPIC.text,
      category: 'diziler',
      seriesId: series.id,
    });
    const page: TargetAddress = { type: COMMENT_TARGET_TYPES.discussion, id: discussion.id };
    await this.seedComments(
      members,
      page,
      DEMO_TOPIC.replies.map((reply) => ({ ...reply, replies: [] })),
    );
  }

  private async seedGroup(members: Members): Promise<void> {
    const fields: GroupFields = {
      name: DEMO_GROUP.name,
      description: DEMO_GROUP.description,
      tagline: DEMO_GROUP.tagline,
      website: null,
      private: false,
      privacy: false,
      socials: { fb: null, tw: null, ig: null, th: null, yt: null, dc: null },
    };
    const { group } = await this.groups.create(members.get(DEMO_GROUP.owner)!, fields, { cover: null, poster: null });
    for (const member of DEMO_GROUP.members) await this.groups.join(members.get(member)!, group.id);
    await this.flow.create(members.get(DEMO_GROUP.post.author)!, { kind: 'post', text: DEMO_GROUP.post.text }, [], group.id);
  }
}
