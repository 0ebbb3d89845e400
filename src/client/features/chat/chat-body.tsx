import { chatParts } from '../../../shared/chat/chat';
import { leavingHref } from '../../../shared/platform/external-links';

/**
 * Text only. An http(s) address becomes a link when its author may link (`linksAllowed`: the
 * creator, their moderators, platform staff), and then through the leaving page, which shows the real domain first;
 * anyone else's addresses stay text, so a drainer's link cannot be clicked.
 */
export function ChatBody({ body, linksAllowed = false }: { body: string; linksAllowed?: boolean }) {
  return (
    <span>
      {chatParts(body).map((part, i) =>
        part.kind === 'link' && linksAllowed ? (
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
