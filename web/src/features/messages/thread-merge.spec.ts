import { describe, expect, it } from '@jest/globals';
import type { Conversation, Message } from '@projectory/contracts';
import { applyToConversations, mergeMessages } from './thread-merge';

const message = (seq: number, overrides: Partial<Message> = {}): Message => ({
  id: `m${seq}`,
  matchId: 'match-1',
  seq,
  senderId: 'ada',
  recipientId: 'grace',
  content: `message ${seq}`,
  clientMessageId: `c${seq}`,
  attachment: null,
  call: null,
  flags: [],
  sentAt: '2026-11-29T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

const conversation = (matchId: string, lastSeq: number | null, unreadCount = 0) =>
  ({
    matchId,
    counterpart: { id: 'ada', firstName: 'Ada', lastName: 'Lovelace' },
    lastMessage: lastSeq === null ? null : message(lastSeq, { matchId }),
    unreadCount,
  }) as unknown as Conversation;

describe('mergeMessages', () => {
  it('adds new messages in seq order and keeps a message once, with the read time it already had', () => {
    const items = [message(1), message(3, { readAt: '2026-11-29T10:05:00.000Z' })];
    mergeMessages(items, [message(4), message(2), message(3, { content: 'edited' })]);
    expect(items.map((item) => item.seq)).toEqual([1, 2, 3, 4]);
    expect(items[2]).toMatchObject({ content: 'edited', readAt: '2026-11-29T10:05:00.000Z' });
  });
});

describe('applyToConversations', () => {
  it("moves the message's conversation to the top with it as the preview, counting it unread when the other side sent it", () => {
    const list = { items: [conversation('match-2', 5), conversation('match-1', 1)], nextCursor: null };
    expect(applyToConversations(list, message(2))).toBe(true);
    expect(list.items.map((item) => item.matchId)).toEqual(['match-1', 'match-2']);
    expect(list.items[0]).toMatchObject({ lastMessage: { seq: 2 }, unreadCount: 1 });
  });

  it('ignores a message older than the preview, and says when the list does not hold the conversation', () => {
    const list = { items: [conversation('match-1', 7, 2)], nextCursor: null };
    expect(applyToConversations(list, message(6))).toBe(true);
    expect(list.items[0]).toMatchObject({ lastMessage: { seq: 7 }, unreadCount: 2 });
    expect(applyToConversations(list, message(1, { matchId: 'match-9' }))).toBe(false);
  });
});
