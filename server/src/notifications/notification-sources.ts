import { Injectable } from '@nestjs/common';
import { NOTIFICATION_MESSAGES as M, NOTIFICATION_RULES, conversationPath, type MemberCard } from '@seyirlik/shared-contracts';
import type { CommentLikedEvent, CommentRepliedEvent } from '../comments';
import type { FlowReactedEvent, PollVotedEvent } from '../flow';
import { ConversationPresence, type MessageSentEvent } from '../messages';
import { DomainEvents } from '../platform/events/domain-events';
import type { RoomInvitedEvent } from '../rooms';
import { NotificationsRepository, type NewNotification } from './notifications.repository';
import { NotificationsService } from './notifications.service';

/** Who did it, as far as a notice names them. */
type Actor = Pick<MemberCard, 'id' | 'username' | 'profileName'>;

/** What a source says, once its actor is known. */
type Notice = Omit<NewNotification, 'actorId' | 'sourceEventId'>;

/**
 * Turns the durable domain events of other features into notifications. Each consumer runs after
 * the change committed, at least once (a crash, a retry, two relays): it writes in a statement of
 * its own, keyed by the member and the notification's group key and stamped with the event's id,
 * so a repeat (or an older event of the group arriving late) writes nothing, and pushes what it
 * wrote after that statement committed. Nobody is told of their own action, of a kind they
 * muted, or by a member they blocked (see NotificationsRepository.upsert).
 */
@Injectable()
export class NotificationSources {
  constructor(
    private readonly events: DomainEvents,
    private readonly notifications: NotificationsService,
    private readonly repository: NotificationsRepository,
    private readonly presence: ConversationPresence,
  ) {}

  /** Consumer ids stay the same across releases: the relay records per id which events it handled. */
  subscribe(): void {
    this.events.subscribe('comment.replied', 'notifications.commentReplied', (event, { eventId }) => this.commentReplied(event, eventId));
    this.events.subscribe('comment.liked', 'notifications.commentLiked', (event, { eventId }) => this.commentLiked(event, eventId));
    this.events.subscribe('room.invited', 'notifications.roomInvited', (event, { eventId }) => this.roomInvited(event, eventId));
    this.events.subscribe('message.sent', 'notifications.messageSent', (event, { eventId }) => this.messageSent(event, eventId));
    this.events.subscribe('flow.reacted', 'notifications.flowReacted', (event, { eventId }) => this.flowReacted(event, eventId));
    this.events.subscribe('poll.voted', 'notifications.pollVoted', (event, { eventId }) => this.pollVoted(event, eventId));
  }

  /** A reply to the thread's first comment: one notification per reply. */
  commentReplied(event: CommentRepliedEvent, eventId: string): Promise<void> {
    return this.tell(event.authorId, eventId, (actor) => ({
      kind: 'comment.reply',
      recipientIds: [event.parentAuthorId],
      groupKey: `comment.reply:${event.commentId}`,
      actorCount: 1,
      text: M.commentReplied(actor.profileName),
      link: event.link,
    }));
  }

  /** Likes on one comment are one notification, renumbered and unread again as they grow; the newest liker is named. */
  commentLiked(event: CommentLikedEvent, eventId: string): Promise<void> {
    const likers = Math.max(1, event.likeCount);
    return this.tell(event.likerId, eventId, (actor) => ({
      kind: 'comment.like',
      recipientIds: [event.authorId],
      groupKey: `comment.like:${event.commentId}`,
      actorCount: likers,
      text: M.commentLiked(actor.profileName, likers - 1),
      link: event.link,
    }));
  }

  /** Reactions on one post are one notification, as likes on a comment: renumbered and unread again as they grow; the newest reactor is named. */
  flowReacted(event: FlowReactedEvent, eventId: string): Promise<void> {
    const reactors = Math.max(1, event.total);
    return this.tell(event.reactorId, eventId, (actor) => ({
      kind: 'flow.reaction',
      recipientIds: [event.authorId],
      groupKey: `flow.reaction:${event.postId}`,
      actorCount: reactors,
      text: M.flowReacted(actor.profileName, reactors - 1),
      link: event.link,
    }));
  }

  /** Votes on one poll are one notification, grouped the same way; the newest voter is named. */
  pollVoted(event: PollVotedEvent, eventId: string): Promise<void> {
    const voters = Math.max(1, event.total);
    return this.tell(event.voterId, eventId, (actor) => ({
      kind: 'poll.vote',
      recipientIds: [event.authorId],
      groupKey: `poll.vote:${event.postId}`,
      actorCount: voters,
      text: M.pollVoted(actor.profileName, voters - 1),
      link: event.link,
    }));
  }

  /** An invitation to a watch-together room: one notification per invited member and room. */
  roomInvited(event: RoomInvitedEvent, eventId: string): Promise<void> {
    return this.tell(event.invitedBy, eventId, (actor) => ({
      kind: 'room.invite',
      recipientIds: event.memberIds,
      groupKey: `room.invite:${event.code}`,
      actorCount: 1,
      text: M.roomInvited(actor.profileName, event.title),
      link: event.link,
    }));
  }

  /**
   * A private message, unless the recipient has that conversation open in a tab right now: one
   * notification per conversation, renumbered and unread again with each message, quoting the newest.
   */
  async messageSent(event: MessageSentEvent, eventId: string): Promise<void> {
    if (await this.presence.isViewing(event.recipientId, event.conversationId)) return;
    // The event names its sender (older events only by id).
    const sender =
      event.senderUsername !== undefined && event.senderName !== undefined
        ? { id: event.senderId, username: event.senderUsername, profileName: event.senderName }
        : event.senderId;
    await this.tell(sender, eventId, (actor) => ({
      kind: 'message',
      recipientIds: [event.recipientId],
      groupKey: `message:${event.conversationId}`,
      actorCount: 1,
      text: M.messageSent(actor.profileName, [...event.preview].slice(0, NOTIFICATION_RULES.messagePreviewLength).join('')),
      link: conversationPath(actor.username),
    }));
  }

  /**
   * Makes the notice of the event `eventId` by its actor, looked up by id unless the event named
   * them; an actor whose account is gone tells nobody (the upsert checks it too).
   */
  private async tell(actorOrId: Actor | number, eventId: string, notice: (actor: Actor) => Notice): Promise<void> {
    const actor = typeof actorOrId === 'number' ? await this.repository.member(actorOrId) : actorOrId;
    if (actor) await this.notifications.notify({ ...notice(actor), actorId: actor.id, sourceEventId: eventId });
  }
}
