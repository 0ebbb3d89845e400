import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import type { Mail } from '../../platform/mail/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEMPLATES = {
  verify: {
    subject: `Confirm your email for ${PRODUCT_NAME}`,
    lead: `Welcome to ${PRODUCT_NAME}! Confirm your email address to start creating and earning.`,
    action: 'Confirm email',
    tail: 'The link is valid for 24 hours. If you did not create an account, ignore this email.',
  },
  reset: {
    subject: `Reset your ${PRODUCT_NAME} password`,
    lead: 'Someone asked to reset the password of your account. Choose a new one with the link below.',
    action: 'Reset password',
    tail: 'The link works once and is valid for 1 hour. If you did not ask for this, ignore this email: your password stays the same.',
  },
} as const;

/** The text and HTML of an account email; the link is the only thing that varies. */
export function renderMail(kind: keyof typeof TEMPLATES, { to, url }: { to: string; url: string }): Mail {
  const t = TEMPLATES[kind];
  return {
    to,
    subject: t.subject,
    text: `${t.lead}\n\n${t.action}: ${url}\n\n${t.tail}\n`,
    html: `<p>${escape(t.lead)}</p><p><a href="${escape(url)}">${escape(t.action)}</a></p><p>${escape(t.tail)}</p>`,
  };
}
