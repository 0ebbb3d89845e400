import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { LegalPage } from './legal-page';

const P = PRODUCT_NAME;

/** /privacy-policy */
export default function PrivacyPolicyScreen() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 21, 2026"
      intro={
        <p>
          This policy explains what {P} collects when you watch, stream, post or tip, why we collect it, who can see it, and the choices you have. {P} is run by
          the operator of this {P} service (“we”, “us”).
        </p>
      }
    >
      <h2>1. Information we collect</h2>
      <h3>Account information</h3>
      <p>
        When you create an account we collect your email address, username, display name and password. Passwords are stored only as a salted hash; nobody at {P}{' '}
        can read them. You may add an avatar, a banner and a bio. If you sign in with Google, Google shares your name, email address and profile picture with
        us.
      </p>
      <h3>Wallet information</h3>
      <p>
        If you sign in with or link a Phantom wallet we store its public address and the signed message that proved you control it. You may choose to show a
        public wallet address on your profile so people can tip you. We never ask for, receive or store your seed phrase or private keys.
      </p>
      <h3>Content you create</h3>
      <p>
        Live streams and their recordings, videos, shorts, thumbnails, titles, descriptions, tags, comments, chat messages, bounties, claims, reports and
        messages you send to the support chat.
      </p>
      <h3>Payments and on-chain activity</h3>
      <p>
        Tips, bounty payouts and X402 payments happen on the Solana blockchain. To verify and display them we record the transaction signature, amount, sender
        and recipient addresses and time. Blockchain data is public by design.
      </p>
      <h3>Usage and device logs</h3>
      <p>
        Our servers log requests: IP address, browser and device type, the pages and API addresses requested, times and errors. We use these logs to keep the
        service secure and working.
      </p>

      <h2>2. How we use information</h2>
      <ul>
        <li>To run {P}: sign you in, host and deliver your content, show profiles, chat and notifications.</li>
        <li>To verify tips, bounty payouts and X402 payments on-chain before we record or display them.</li>
        <li>To build rankings such as Trending and Leaderboards from views, likes, comments, follows and tips.</li>
        <li>To keep {P} safe: rate limits, fraud and abuse detection, and reviewing reports.</li>
        <li>To send service emails, such as email confirmation and password reset. We do not send marketing email without your consent.</li>
        <li>To answer your questions in the support chat.</li>
      </ul>

      <h2>3. Cookies and local storage</h2>
      <p>
        When you sign in we set a session cookie. It is <strong>httpOnly</strong> (page scripts cannot read it), sent only to {P}, marked Secure on HTTPS and
        SameSite, and exists only to keep you signed in. {P} uses no advertising cookies and no third-party trackers. Your browser’s local storage keeps two
        preferences on your device: your theme (dark or light) and whether the sidebar is collapsed. Sign-in tokens are never kept in local storage.
      </p>

      <h2>4. What is public</h2>
      <p>
        Your username, display name, avatar, banner, bio, verification badge, any public wallet address you choose to show, and the content you publish are
        visible to everyone, including visitors who are not signed in. Tips, bounty payouts and other transactions are permanently visible on the Solana
        blockchain; neither we nor anyone else can remove them.
      </p>

      <h2>5. Sharing</h2>
      <p>
        <strong>We do not sell or rent your personal information</strong>, and we do not share it for advertising. We share it only:
      </p>
      <ul>
        <li>
          with providers that run parts of the service for us (hosting, storage and content delivery, email delivery), under contracts that limit their use of
          it to that service;
        </li>
        <li>with Google, when you choose to sign in with Google;</li>
        <li>with the Solana network, when you send a transaction, which is public by nature;</li>
        <li>when the law requires it, or to protect people from fraud or harm.</li>
      </ul>

      <h2>6. How long we keep it</h2>
      <p>
        Account information is kept while your account exists. Content you delete is removed from {P} promptly; copies in backups expire on their normal
        schedule. Server logs are kept only as long as needed for security and troubleshooting, and no longer than 90 days. When you delete your account we
        delete or anonymise your personal information, except what we must keep by law and what is on the blockchain.
      </p>

      <h2>7. Security</h2>
      <p>
        Connections are encrypted with TLS, passwords are hashed, sessions live in httpOnly cookies that are rotated, and you can protect your account with an
        authenticator app (two-factor authentication). Wallet sign-in uses a one-time message that expires after a few minutes and cannot be reused. No system
        is perfectly secure; tell us if you find a weakness.
      </p>

      <h2>8. Your rights and choices</h2>
      <ul>
        <li>See and correct your profile and account details in Settings.</li>
        <li>Ask for a copy of your personal information, or for its deletion.</li>
        <li>Unlink your wallet or remove your public wallet address at any time.</li>
        <li>Object to or restrict some uses, and withdraw consent you have given.</li>
        <li>Complain to your local data protection authority.</li>
      </ul>

      <h2>9. Age</h2>
      <p>{P} is for people aged 18 and over. We do not knowingly collect information from anyone younger.</p>

      <h2>10. Changes</h2>
      <p>
        We will update this page when our practices change and change the date above. If a change is significant we will tell signed-in users before it takes
        effect.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions or requests about your privacy: ask in the {P} Support Chat, or write to the contact address published by the operator of this {P} service.
        See also our <Link to="/terms-of-service">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
