import type { Collection } from '../../api/collection';
import type { Conversation, Message } from '@projectory/contracts';

/** Puts `incoming` into a thread held oldest first: a message already held (same id) takes the newer state. */
export function mergeMessages(items: Message[], incoming: readonly Message[]): void {
  for (const message of incoming) {
    const index = items.findIndex((held) => held.id === message.id);
    if (index >= 0) items[index] = { ...message, readAt: message.readAt ?? items[index]?.readAt ?? null };
    else items.push(message);
  }
  items.sort((a, b) => a.seq - b.seq);
}

/** A conversation list takes a new message: the preview, the unread count, and the top of the list. */
export function applyToConversations(draft: Collection<Conversation>, message: Message): boolean {
  const index = draft.items.findIndex((conversation) => conversation.matchId === message.matchId);
  const conversation = draft.items[index];
  if (!conversation) return false;
  if (conversation.lastMessage && conversation.lastMessage.seq >= message.seq) return true;
  conversation.lastMessage = message;
  if (message.senderId === conversation.counterpart.id) conversation.unreadCount += 1;
  draft.items.splice(index, 1);
  draft.items.unshift(conversation);
  return true;
}
