import { PRODUCT_NAME } from '../../../shared/platform/product.js';
import { DELETION_GRACE_DAYS, EXPORT_VALID_HOURS } from '../../../shared/privacy/privacy.js';
import type { Mail } from '../../platform/mail/mailer.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The mails of "Your data": the export's link, and the deletion's date with how to cancel it. */
export function privacyMail(kind: 'export-ready' | 'deletion-scheduled', { to, url, date = '' }: { to: string; url: string; date?: string }): Mail {
  const t =
    kind === 'export-ready'
      ? {
          subject: `Your ${PRODUCT_NAME} data is ready`,
          lead: `The download of your ${PRODUCT_NAME} data you asked for is ready.`,
          action: 'Download your data',
          tail: `The link works for ${EXPORT_VALID_HOURS} hours, only when you are signed in. If you did not ask for this, change your password.`,
        }
      : {
          subject: `Your ${PRODUCT_NAME} account will be deleted on ${date}`,
          lead: `You asked us to delete your ${PRODUCT_NAME} account. It will be deleted on ${date}, ${DELETION_GRACE_DAYS} days after you asked. Signing in before then cancels the deletion.`,
          action: 'Open Settings',
          tail: 'If you did not ask for this, sign in now and change your password: signing in cancels the deletion.',
        };
  return {
    to,
    subject: t.subject,
    text: `${t.lead}\n\n${t.action}: ${url}\n\n${t.tail}\n`,
    html: `<p>${escape(t.lead)}</p><p><a href="${escape(url)}">${escape(t.action)}</a></p><p>${escape(t.tail)}</p>`,
  };
}
