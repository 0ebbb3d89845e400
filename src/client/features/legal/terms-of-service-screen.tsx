import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../shared/platform/product';
import { LegalPage } from './legal-page';

const P = PRODUCT_NAME;

/** /terms-of-service */
export default function TermsOfServiceScreen() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="November 21, 2026"
      intro={
        <p>
          These terms are the agreement between you and the operator of this {P} service (“we”, “us”) when you use {P}: watching, streaming, posting, tipping or
          posting bounties. By using {P} you accept them. Please read the section on crypto payments carefully: on-chain payments cannot be reversed.
        </p>
      }
    >
      <h2>1. Who may use {P}</h2>
      <p>
        You must be at least 18 years old and able to enter a binding contract, and the law where you live must not forbid you from using {P} or from sending
        and receiving crypto assets.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>Give accurate information and keep your password, authenticator and wallet secure. You are responsible for what happens under your account.</li>
        <li>If you sign in with a wallet, whoever controls that wallet controls the account. We cannot recover a lost wallet or its keys.</li>
        <li>Usernames that impersonate others, mislead, or infringe trademarks may be changed or removed.</li>
        <li>Verification badges (blue for confirmed identity, red for earned verification) are granted and removed at our discretion.</li>
      </ul>

      <h2>3. Your content</h2>
      <p>
        You keep ownership of what you stream and post. You give us a worldwide, non-exclusive, royalty-free licence to host, store, copy, transcode, display
        and distribute it in order to run and promote {P}, for as long as it is on {P}. You confirm you have the rights to everything you publish, including
        music and footage of other people.
      </p>

      <h2>4. Content rules</h2>
      <p>Do not stream, post, send or link to:</p>
      <ul>
        <li>anything illegal, including any sexual content involving minors, which we report to the authorities;</li>
        <li>nudity, sexual content, or intimate images shared without consent;</li>
        <li>harassment, threats, hate against people for who they are, or incitement to violence;</li>
        <li>scams and fraud: giveaway scams, rug pulls, pump-and-dump schemes, phishing, wallet drainers or malware;</li>
        <li>impersonation of people, creators, projects or {P} itself;</li>
        <li>content that infringes copyright or other rights;</li>
        <li>spam, artificial engagement (bought views, follows or tips), or other people’s private information.</li>
      </ul>
      <p>
        Anyone can report content or a user. Moderators may remove content, warn, suspend or ban accounts, and remove bounties or claims that break these rules.
      </p>

      <h2>5. Crypto tips, bounties and payments</h2>
      <ul>
        <li>
          <strong>{P} does not hold your funds.</strong> Tips go from the viewer’s wallet directly to the creator’s wallet; bounty rewards go from the poster’s
          wallet to the claimant’s; X402 payments go to the seller. We never take custody of crypto assets.
        </li>
        <li>
          <strong>On-chain payments are final.</strong> Once a transaction is confirmed on the Solana blockchain it cannot be reversed, refunded or recovered by
          us. Check the amount and recipient before you approve a transaction in your wallet.
        </li>
        <li>We record a tip or payout only after verifying the transaction on-chain. Network fees are paid by the sender.</li>
        <li>
          A bounty is an offer from its poster. The poster decides whether a claim meets the bounty and pays it; {P} lists bounties and records their payouts
          but does not guarantee that any bounty is paid.
        </li>
        <li>You are responsible for any taxes on what you send or receive.</li>
      </ul>

      <h2>6. Tokens and Pump Streams</h2>
      <p>
        Creators may show a token on their stream. {P} does not issue, endorse or vet tokens. Nothing on {P} is financial, investment or legal advice; crypto
        assets are volatile and you can lose everything you put in. Do your own research.
      </p>

      <h2>7. Paid videos (X402)</h2>
      <p>
        A creator may set a price in USDC on a video. When you pay it through the X402 protocol you get access to that video; the payment is on-chain and final
        like any other. See <Link to="/x402-explained">X402 Explained</Link>.
      </p>

      <h2>8. Acceptable use of the service</h2>
      <p>
        Do not break or get around our security, rate limits or access controls; scrape {P} at scale; use bots to inflate views or engagement; or interfere with
        other people’s use of {P}.
      </p>

      <h2>9. Third-party services</h2>
      <p>
        {P} works with services we do not control, such as Phantom, Google, the Solana network and pump.fun. Their own terms apply to your use of them, and we
        are not responsible for them.
      </p>

      <h2>10. Disclaimers and liability</h2>
      <p>
        {P} is provided “as is”, without warranties of any kind. We do our best to keep it available and secure but cannot promise it will be uninterrupted or
        error-free. To the extent the law allows, we are not liable for indirect or consequential losses, for losses from on-chain transactions, token prices or
        wallet compromise, or for content posted by users.
      </p>

      <h2>11. Ending your use</h2>
      <p>
        You may stop using {P} and delete your account at any time. We may suspend or close accounts that break these terms or put others at risk. Sections on
        content licences already used, payments, disclaimers and liability survive.
      </p>

      <h2>12. Changes</h2>
      <p>
        We may update these terms. We will change the date above and, for significant changes, tell signed-in users before they take effect. Using {P} after
        that means you accept the new terms.
      </p>

      <h2>13. Contact</h2>
      <p>
        Questions about these terms: ask in the {P} Support Chat, or write to the contact address published by the operator of this {P} service. How we handle
        your data is described in the <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
