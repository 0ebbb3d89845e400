import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { articleBlocks, categoryIn, chunks, composeAnswer, excerpt, lookUpLive, retrieve, type LiveLookups } from './answer.js';
import { buildHelpIndex, loadArticles, parseArticle } from './help.js';

const articles = loadArticles(path.resolve('docs/help'));
const index = buildHelpIndex(articles);
const nothingLive: LiveLookups = { liveStreams: async () => [], upcomingStreams: async () => [], openBounties: async () => [] };

/** Real questions and the article each must find first. */
const QUESTIONS: [string, string][] = [
  ['how do I go live from OBS?', 'obs'],
  ['where do I find my stream key?', 'obs'],
  ['what server address do I put in OBS studio', 'obs'],
  ['my rtmp stream key stopped working', 'obs'],
  ['how do I start a live stream?', 'going-live'],
  ['can I schedule a stream for later?', 'going-live'],
  ['what is a pump stream', 'going-live'],
  ['can I stream with my webcam without installing anything', 'browser-live'],
  ['how do I share my screen live', 'browser-live'],
  ['stream from the browser with my microphone', 'browser-live'],
  ['what are shorts', 'shorts'],
  ['how do I make a clip of a live stream', 'shorts'],
  ['how do I upload a video?', 'uploads'],
  ['my upload is stuck processing', 'uploads'],
  ['how can I tip a creator', 'tips'],
  ['how do I send SOL to a streamer', 'tips'],
  ['how do I post a bounty', 'bounties'],
  ['how do I claim a bounty?', 'bounties'],
  ['when is the bounty reward paid', 'bounties'],
  ['what is x402', 'x402'],
  ['how do I unlock a paid video', 'x402'],
  ['can I sell my videos for USDC', 'x402'],
  ['how do I connect my Phantom wallet', 'wallet'],
  ['phantom extension not detected', 'wallet'],
  ['how do I disconnect my wallet', 'wallet'],
  ['how do I turn on two-factor authentication', 'two-factor'],
  ['I lost my authenticator code 2fa', 'two-factor'],
  ['I forgot my password', 'password-reset'],
  ['how do I recover my account', 'password-reset'],
  ['how do I report a scam', 'reports'],
  ['someone is harassing me, how do I report them', 'reports'],
  ['how do I get verified', 'verification'],
  ['what does the red badge mean', 'verification'],
  ['how do the leaderboards work', 'leaderboards'],
  ['who are the top supporters', 'leaderboards'],
  ['how do I ban someone from my chat', 'live-chat'],
  ['where can I see upcoming streams', 'watching'],
];

describe('help articles', () => {
  it('every article has a title and an in-app route', () => {
    expect(articles.length).toBeGreaterThanOrEqual(14);
    for (const a of articles) {
      expect(a.title.length).toBeGreaterThan(3);
      expect(a.route).toMatch(/^\/[a-z0-9-/]*$/);
      expect(a.body.length).toBeGreaterThan(100);
    }
  });

  it('reads front matter and refuses a file without it', () => {
    expect(parseArticle('x', '---\ntitle: T\nroute: /app\n---\nBody')).toEqual({ id: 'x', title: 'T', route: '/app', keywords: '', body: 'Body' });
    expect(parseArticle('x', '# No front matter')).toBeUndefined();
    expect(parseArticle('x', '---\ntitle: T\nroute: https://evil.example\n---\nBody')).toBeUndefined();
  });
});

describe('retrieval', () => {
  it.each(QUESTIONS)('%s → %s', (question, id) => {
    expect(index.search(question)[0]?.article.id).toBe(id);
  });

  it('finds nothing for a question it has no article for, and says so', async () => {
    const found = await retrieve('what is the capital of Mongolia', index, nothingLive);
    expect(found.hits).toEqual([]);
    expect(composeAnswer(found)).toMatch(/I don't know/);
  });

  it('answers with the article and links its source', async () => {
    const answer = composeAnswer(await retrieve('how do I go live from OBS?', index, nothingLive));
    expect(answer).toContain('stream key');
    expect(answer).toContain('[Go live from OBS](/submit)');
  });

  it('keeps the article’s list as a list, one item a line, and its inline code', async () => {
    const answer = composeAnswer(await retrieve('how do I go live from OBS?', index, nothingLive));
    expect(answer).toContain('(`/submit`)');
    expect(answer).toContain(
      '\n\n- The key is shown once, right after it is made. "Make a new key" replaces it at once, and the old one stops working.\n- A publish with a wrong key is cut off.\n',
    );
    expect(answer).toContain('\n- If OBS drops, reconnect within 15 seconds and the stream goes on.');
  });

  it('unwraps an article’s lines but keeps its headings, lists and code blocks, and cuts only between them', () => {
    const body = [
      '## Before you start',
      'You need a wallet',
      'and some SOL.',
      '- one item',
      '  wrapped',
      '  - a nested one',
      '1. first',
      '',
      '```',
      'npm run build',
      '',
      'npm start',
      '```',
      'Last words.',
    ].join('\n');
    expect(articleBlocks(body)).toEqual([
      '## Before you start',
      'You need a wallet and some SOL.',
      '- one item wrapped\n  - a nested one\n1. first',
      '```\nnpm run build\n\nnpm start\n```',
      'Last words.',
    ]);
    const list = `Intro.\n\n${Array.from({ length: 20 }, (_, i) => `- item number ${i + 1} of the list`).join('\n')}`;
    const cut = excerpt(list, 200);
    expect(cut.length).toBeLessThanOrEqual(200);
    expect(cut).toMatch(/^Intro\.\n\n- item number 1 of the list\n- item number 2 of the list\n/);
    expect(cut).toMatch(/of the list$/);
  });

  it('different questions get different answers', async () => {
    const a = composeAnswer(await retrieve('how do I tip', index, nothingLive));
    const b = composeAnswer(await retrieve('I forgot my password', index, nothingLive));
    expect(a).not.toBe(b);
  });

  it('chunks put the answer back together exactly', () => {
    const text = 'One two three four five six seven.\n\n- [a](/b) c';
    expect(chunks(text).length).toBeGreaterThan(1);
    expect(chunks(text).join('')).toBe(text);
  });
});

describe('live data', () => {
  const creator = { id: 'u1', username: 'alice', displayName: 'Alice', avatarUrl: null, verificationType: 'none' as const };
  const lookups: LiveLookups = {
    liveStreams: async (category) =>
      category === 'defi' || !category
        ? [
            {
              id: 's1',
              title: 'Yield talk',
              slug: 'yield-talk',
              category: 'DeFi',
              status: 'live',
              thumbnailUrl: null,
              scheduledAt: null,
              startedAt: null,
              endedAt: null,
              viewerCount: 12,
              peakViewers: 20,
              token: null,
              creator,
            },
          ]
        : [],
    upcomingStreams: async () => [],
    openBounties: async (category) =>
      category === 'defi'
        ? [
            {
              id: 'b1',
              title: 'Explain AMMs',
              description: 'x',
              rewardSol: '1.5',
              deadline: '2030-01-01T00:00:00Z',
              category: 'DeFi',
              status: 'open',
              poster: creator,
            },
          ]
        : [],
  };

  it('names categories in questions', () => {
    expect(categoryIn('open bounties in DeFi')?.slug).toBe('defi');
    expect(categoryIn('anyone live in Just Chatting?')?.slug).toBe('just-chatting');
    expect(categoryIn('who is live')).toBeUndefined();
  });

  it('who is live lists the live streams with links', async () => {
    const facts = await lookUpLive('who is live right now?', lookups);
    expect(facts.lines.join('\n')).toContain('[Yield talk](/stream/alice/yield-talk/s1)');
    // The list and the line after it are blocks of their own: the line is no part of the last item.
    expect(composeAnswer({ hits: [], facts })).toMatch(
      /^Live now:\n- \[Yield talk\]\(\/stream\/alice\/yield-talk\/s1\) by @.+ \(12 watching\)\n\nAll live streams: /,
    );
  });

  it('open bounties in DeFi lists them by category', async () => {
    const { lines } = await lookUpLive('show me open bounties in DeFi', lookups);
    expect(lines.join('\n')).toContain('[Explain AMMs](/bounties/b1): 1.5 SOL');
    expect((await lookUpLive('any open bounties in Gaming?', lookups)).lines[0]).toMatch(/no open bounties in Gaming/);
  });

  it('upcoming streams are looked up when asked for', async () => {
    expect((await lookUpLive('which streams are coming up?', lookups)).lines[0]).toMatch(/No streams are scheduled/);
    expect((await lookUpLive('how do I schedule a stream?', lookups)).lines).toEqual([]);
  });

  it('a how-to question about bounties is not a listing', async () => {
    expect((await lookUpLive('how do I claim a bounty?', lookups)).lines).toEqual([]);
  });
});
