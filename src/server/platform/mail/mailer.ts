import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface OutboxEntry extends Mail {
  id: string;
  sentAt: string;
}

/** Sends mail. Over SMTP when configured; otherwise into a local outbox a developer can read. */
export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** The outbox, newest first; empty for SMTP. */
  list(): Promise<OutboxEntry[]>;
}

export function createMailer(opts: { smtpUrl?: string | undefined; from: string; outboxDir: string; log: FastifyBaseLogger }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      async list() {
        return [];
      },
    };
  }
  fs.mkdirSync(opts.outboxDir, { recursive: true });
  let announced = false;
  return {
    kind: 'outbox',
    async send(mail) {
      const sentAt = new Date().toISOString();
      const id = `${sentAt.replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
      const file = path.join(opts.outboxDir, `${id}.json`);
      await fs.promises.writeFile(file, JSON.stringify({ id, sentAt, ...mail } satisfies OutboxEntry, null, 2));
      opts.log.info({ to: mail.to, subject: mail.subject, file }, 'mail written to the local outbox');
      if (!announced) {
        announced = true;
        opts.log.info('no SMTP_URL: mail goes to the local outbox, listed at /api/dev/outbox');
      }
    },
    async list() {
      const names = (await fs.promises.readdir(opts.outboxDir))
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse();
      return Promise.all(names.map(async (n) => JSON.parse(await fs.promises.readFile(path.join(opts.outboxDir, n), 'utf8')) as OutboxEntry));
    },
  };
}
