/** Why a resumable upload failed (use-tus-upload.ts): a profile photo, a portfolio file, a message's attachment. */
export const uploadTexts = {
  unauthorized: 'Authorization required',
  network: 'This looks like a network error, the endpoint might be blocked by an internet provider or a firewall.',
  failedStatus: (status: number) => `The upload failed (${status}). Please try again.`,
};
