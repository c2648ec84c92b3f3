import { closeWithin } from './close-within';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { to: string[]; raw: string };

/**
 * A real SMTP server for tests (nodemailer's smtp-server): it accepts every mail and keeps it. It can be
 * stopped and started again on the same port, to play an outage of the mail server.
 */
export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  #server: SMTPServer | null = null;
  port = 0;

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.#server = server;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    this.#server = null;
    if (server)
      await closeWithin('The SMTP sink', 10_000, () => new Promise<void>((resolve) => server.close(() => resolve())), 'a client kept its connection open');
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }
}
