import { openConversationStatuses } from '@projectory/contracts/values';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import { messagesTexts, threadPath } from '../messages.texts';

const t = messagesTexts.open;
/** Conversations are open while the match is pending or accepted (API.md "Messaging and notifications"). */
const OPEN = new Set<string>(openConversationStatuses);

export interface MessageButtonProps {
  match: { id: string; status: string };
  /** The other person, and the project, for the button's accessible name. */
  with: string;
  project: string;
}

/** "Message": opens the application's thread; only while the conversation is open. */
export function MessageButton({ match, with: name, project }: MessageButtonProps) {
  if (!OPEN.has(match.status)) return null;
  return (
    <ButtonLink to={threadPath(match.id)} aria-label={t.aria(name, project)}>
      {t.label}
    </ButtonLink>
  );
}
