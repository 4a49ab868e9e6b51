// Messages (/messages, loaded lazily by app/router.tsx). For other features: the button that opens a
// match's conversation, a conversation's address, and the conversations a call names its counterpart from.
export { MessageButton } from './components/MessageButton';
export { threadPath } from './messages.texts';
export { useGetConversationsQuery } from './messages.api';
export { counterpartName } from './format';
