import { describe, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX, ChatBodySchema, chatParts, chatRestrictedMessage, RealtimeClientMessageSchema, remainingChars } from './chat.js';

describe('chatParts', () => {
  it('makes only http and https addresses links, and keeps everything else as text', () => {
    expect(chatParts('see https://glint.example/a?b=1, then http://x.io.')).toEqual([
      { kind: 'text', text: 'see ' },
      { kind: 'link', text: 'https://glint.example/a?b=1', href: 'https://glint.example/a?b=1' },
      { kind: 'text', text: ', then ' },
      { kind: 'link', text: 'http://x.io', href: 'http://x.io' },
      { kind: 'text', text: '.' },
    ]);
    for (const body of ['javascript:alert(1)', 'data:text/html,<script>x</script>', '<a href="javascript:x">hi</a>', 'ftp://files.example', 'https://']) {
      expect(chatParts(body).every((p) => p.kind === 'text')).toBe(true);
      expect(
        chatParts(body)
          .map((p) => p.text)
          .join(''),
      ).toBe(body);
    }
  });

  it('never turns a link into a javascript: address', () => {
    const parts = chatParts('javascript:https://evil.example');
    expect(parts.filter((p) => p.kind === 'link').map((p) => (p.kind === 'link' ? p.href : ''))).toEqual(['https://evil.example']);
  });
});

describe('chat rules', () => {
  it('trims, refuses blank, long and control characters', () => {
    expect(ChatBodySchema.parse('  hi  ')).toBe('hi');
    expect(ChatBodySchema.safeParse('   ').success).toBe(false);
    expect(ChatBodySchema.safeParse('x'.repeat(CHAT_MESSAGE_MAX + 1)).success).toBe(false);
    expect(ChatBodySchema.safeParse('x'.repeat(CHAT_MESSAGE_MAX)).success).toBe(true);
    expect(ChatBodySchema.safeParse('ring \u0007').success).toBe(false);
    expect(remainingChars('  abc ')).toBe(CHAT_MESSAGE_MAX - 3);
  });

  it('says until when a timeout holds', () => {
    expect(chatRestrictedMessage('2026-01-02T03:04:05.000Z')).toBe('You are timed out in this chat until 2026-01-02 03:04 UTC.');
    expect(chatRestrictedMessage(null)).toBe('You are banned from this chat.');
  });

  it('takes only join and leave with a stream id from a socket', () => {
    const id = '2f1b6f0e-7d1c-4c59-9f5e-0e8b5f0f7a11';
    expect(RealtimeClientMessageSchema.parse({ type: 'join', streamId: id })).toEqual({ type: 'join', streamId: id });
    expect(RealtimeClientMessageSchema.safeParse({ type: 'publish', streamId: id }).success).toBe(false);
    expect(RealtimeClientMessageSchema.safeParse({ type: 'join', streamId: '../x' }).success).toBe(false);
  });
});
