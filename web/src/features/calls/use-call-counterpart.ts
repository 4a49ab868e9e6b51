import { useGetConversationsQuery, counterpartName } from '../messages';

/** Who the call is with and what it is about, from the caller's conversations (kept live by messages). */
export function useCallCounterpart(matchId: string | null): { name: string | null; project: string | null } {
  const { data } = useGetConversationsQuery({ q: '', archived: false }, { skip: !matchId });
  const conversation = data?.items.find((item) => item.matchId === matchId);
  if (!conversation) return { name: null, project: null };
  return { name: counterpartName(conversation.counterpart), project: conversation.project.title || null };
}
