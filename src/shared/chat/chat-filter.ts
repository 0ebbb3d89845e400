import { z } from 'zod';
import { AllowedDomainsSchema } from '../platform/external-links.js';

/**
 * Blocked words: the platform's list (kept by Glint's moderators) and each channel's own (kept by
 * its creator and their moderators). A term is a word or a few words, matched whole and without
 * regard to case, accents' compatibility forms or invisible characters; `*` stands for any letters
 * or digits inside a word (`airdrop*` matches "airdrops", `*scam*` matches "rugscammer").
 */
export const CHAT_FILTER_TERMS_MAX = 200;
export const CHAT_FILTER_TERM_MAX = 40;

export const CHAT_FILTER_TERM_INVALID = 'Use letters, digits, spaces and * only';

/** A term as it is kept: trimmed, lower case, single spaces, no `**`. */
export const ChatFilterTermSchema = z
  .string()
  .transform((s) => normalize(s).replace(/\s+/g, ' ').replace(/\*+/g, '*').trim())
  .pipe(
    z
      .string()
      .min(1, 'Enter a word')
      .max(CHAT_FILTER_TERM_MAX, `A blocked word can be at most ${CHAT_FILTER_TERM_MAX} characters`)
      .regex(/^[\p{L}\p{M}\p{N}* '’-]+$/u, CHAT_FILTER_TERM_INVALID)
      .refine((s) => /[\p{L}\p{N}]/u.test(s), 'A blocked word needs at least one letter or digit'),
  );

const Terms = z
  .array(ChatFilterTermSchema)
  .max(CHAT_FILTER_TERMS_MAX, `At most ${CHAT_FILTER_TERMS_MAX} blocked words`)
  .transform((terms) => [...new Set(terms)]);

/** A channel's blocked words, and what a match does: refused (false) or held for a moderator (true). */
export const ChannelChatFilterSchema = z.object({ terms: Terms, hold: z.boolean() });
export type ChannelChatFilter = z.output<typeof ChannelChatFilterSchema>;
export type ChannelChatFilterInput = z.input<typeof ChannelChatFilterSchema>;

/** The lists as the server answers them (already kept in their form). */
export const ChannelChatFilterViewSchema = z.object({ terms: z.array(z.string()), hold: z.boolean() });
export const PlatformChatFilterViewSchema = z.object({ terms: z.array(z.string()) });

/** The platform's blocked words (every chat). */
export const PlatformChatFilterSchema = z.object({ terms: Terms });
export type PlatformChatFilter = z.output<typeof PlatformChatFilterSchema>;

/** What an author reads when a blocked word keeps their message out. */
export function chatBlockedMessage(word: string): string {
  return `Your message was not sent: “${word}” is not allowed in this chat.`;
}
export const CHAT_HELD_NOTICE = 'Held for review: a moderator will look at it before others see it.';

/** Characters that show nothing (zero-width spaces and joiners, soft hyphens, variation selectors, direction marks). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/** Text as matching sees it: compatibility forms folded (ｆｒｅｅ → free), lower case, invisible characters gone. */
function normalize(s: string): string {
  return s.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
}

const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}]';

function termPattern(term: string): string {
  return term
    .split(' ')
    .map((word) =>
      word
        .split('*')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'))
        .join(`${WORD_CHAR}*`),
    )
    .join('\\s+');
}

/**
 * A matcher for a list of terms: the first blocked word a message contains (as written in the
 * message), or null. Whole words only: "class" does not match "ass".
 */
export function chatFilterMatcher(terms: readonly string[]): (text: string) => string | null {
  if (terms.length === 0) return () => null;
  const re = new RegExp(`(?<!${WORD_CHAR})(?:${terms.map(termPattern).join('|')})(?!${WORD_CHAR})`, 'u');
  return (text) => re.exec(normalize(text))?.[0] ?? null;
}

/** `PUT /api/profile/allowed-links`: the domains anyone may link to in the creator's chats. */
export const AllowedLinksSchema = z.object({ domains: AllowedDomainsSchema });
export type AllowedLinksInput = z.input<typeof AllowedLinksSchema>;
export const AllowedLinksViewSchema = z.object({ domains: z.array(z.string()) });
export type AllowedLinks = z.infer<typeof AllowedLinksViewSchema>;
