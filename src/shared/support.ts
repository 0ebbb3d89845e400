import { z } from 'zod';

/** One message may be this long, in characters. */
export const SUPPORT_MESSAGE_MAX = 2000;
/** The history sent with a question: at most this many messages... */
export const SUPPORT_HISTORY_MAX = 20;
/** ...and this many characters in all. */
export const SUPPORT_HISTORY_CHARS_MAX = 12_000;

export const SupportMessageSchema = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(SUPPORT_MESSAGE_MAX, `Messages can be at most ${SUPPORT_MESSAGE_MAX} characters`),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

export const SupportChatRequestSchema = z.object({
  messages: z
    .array(SupportMessageSchema)
    .min(1)
    .max(SUPPORT_HISTORY_MAX)
    .refine((m) => m.reduce((n, x) => n + x.content.length, 0) <= SUPPORT_HISTORY_CHARS_MAX, 'The conversation is too long')
    .refine((m) => m.at(-1)?.role === 'user' && m.at(-1)!.content.trim().length > 0, 'The last message must be a question'),
});
export type SupportChatRequest = z.infer<typeof SupportChatRequestSchema>;
