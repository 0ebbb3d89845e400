import { chatParts } from '../../../shared/chat/chat';
import { leavingHref, linkToAllowedDomain } from '../../../shared/platform/external-links';

/**
 * Text only. An http(s) address becomes a link when its author may link (`linksAllowed`: the
 * creator, their moderators, platform staff) or it goes to a domain the channel allows (or a
 * subdomain of one), and then through the leaving page, which shows the real domain first; any
 * other address stays text, so a drainer's link cannot be clicked.
 */
export function ChatBody({ body, linksAllowed = false, allowedDomains = [] }: { body: string; linksAllowed?: boolean; allowedDomains?: readonly string[] }) {
  return <LinkedText body={body} mayLink={(href) => linksAllowed || linkToAllowedDomain(href, allowedDomains)} />;
}

/**
 * Text of user content with its http(s) addresses split out: those `mayLink` allows are links
 * through the leaving page (opening a new tab), the others stay text. Nothing in it is HTML.
 */
export function LinkedText({ body, mayLink }: { body: string; mayLink: (href: string) => boolean }) {
  return (
    <span>
      {chatParts(body).map((part, i) =>
        part.kind === 'link' && mayLink(part.href) ? (
          <a key={i} href={leavingHref(part.href)} target="_blank" rel="nofollow ugc noopener" className="text-primary underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}
