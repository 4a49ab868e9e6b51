/** The link to a student's invitations with the number waiting (InvitationsNotice). Imports nothing. */
export const invitationsNoticeTexts = {
  title: 'Invitations',
  pending: (count: number) =>
    count === 0
      ? 'No invitation waits for your answer.'
      : `${count} ${count === 1 ? 'employer invites' : 'employers invite'} you to apply.`,
  view: 'View Invitations',
};
