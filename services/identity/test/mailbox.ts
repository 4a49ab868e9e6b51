import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  /** smtp://127.0.0.1:<port>, for identity's SMTP_URL. */
  url: string;
  /** Every message received, raw (headers and quoted-printable body). */
  mails: string[];
  close(): Promise<void>;
}

/** A real SMTP server on loopback: the reset mails identity sends arrive here. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
      stream.on('end', () => {
        mails.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}
