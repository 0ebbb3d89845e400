import fs from 'node:fs';
import path from 'node:path';
import MiniSearch from 'minisearch';

export interface HelpArticle {
  id: string;
  title: string;
  /** The screen of the app the article is about. */
  route: string;
  keywords: string;
  body: string;
}

/** Reads `---\ntitle: …\nroute: …\nkeywords: …\n---\nbody`; undefined without a title and route. */
export function parseArticle(id: string, text: string): HelpArticle | undefined {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) return undefined;
  const meta: Record<string, string> = {};
  for (const line of m[1]!.split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) meta[line.slice(0, i).trim()] = line.slice(i + 1).trim();
  }
  if (!meta.title || !meta.route?.startsWith('/')) return undefined;
  return { id, title: meta.title, route: meta.route, keywords: meta.keywords ?? '', body: m[2]!.trim() };
}

/** Every article in `dir` (README.md aside). */
export function loadArticles(dir: string): HelpArticle[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .sort()
    .flatMap((f) => parseArticle(f.replace(/\.md$/, ''), fs.readFileSync(path.join(dir, f), 'utf8')) ?? []);
}

const STOP = new Set(
  'a an the i me my we you your is are am be do does did how what who where when why can could should would to of in on for from with and or it its this that there any some about please glint find get see use'.split(
    ' ',
  ),
);

export interface HelpHit {
  article: HelpArticle;
  score: number;
}

export interface HelpIndex {
  articles: HelpArticle[];
  search(question: string, limit?: number): HelpHit[];
}

/** A MiniSearch index over the articles: titles and keywords weigh more than the text. */
export function buildHelpIndex(articles: HelpArticle[]): HelpIndex {
  const mini = new MiniSearch<HelpArticle>({
    fields: ['title', 'keywords', 'body'],
    storeFields: ['id'],
    processTerm: (term) => {
      const t = term.toLowerCase();
      return STOP.has(t) || t.length < 2 ? null : t;
    },
    searchOptions: { boost: { title: 3, keywords: 2 }, prefix: (t) => t.length > 3, fuzzy: (t) => (t.length > 5 ? 0.2 : false), combineWith: 'OR' },
  });
  mini.addAll(articles);
  const byId = new Map(articles.map((a) => [a.id, a]));
  return {
    articles,
    search(question, limit = 3) {
      const results = mini.search(question);
      const top = results[0]?.score ?? 0;
      // Keep what is close to the best answer: a weak side match is noise, not a source.
      return results
        .filter((r) => r.score >= top * 0.35)
        .slice(0, limit)
        .map((r) => ({ article: byId.get(String(r.id))!, score: r.score }));
    },
  };
}
