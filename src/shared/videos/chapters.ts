/**
 * Chapters from a video's description, as viewers know them from YouTube: lines that begin with a
 * time (`0:00 Intro`, `1:02:03 - Q&A`). They count only when there are at least three, in
 * ascending order, the first at 0:00, and (when the length is known) all inside the video;
 * otherwise the description has no chapters.
 */
export interface Chapter {
  /** Where it starts, in seconds. */
  start: number;
  title: string;
}

export const CHAPTERS_MIN = 3;
const CHAPTER_TITLE_MAX = 100;

const LINE = /^\s*(?:[-*•]\s*)?(?:(\d{1,2}):)?(\d{1,2}):([0-5]\d)\s*(?:[-–—:|]\s*)?(\S.*)$/;

export function parseChapters(description: string, durationSeconds?: number | null): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r?\n/)) {
    const m = LINE.exec(line);
    if (!m) continue;
    const [, h, mm, ss, title] = m;
    // Minutes beyond 59 only without hours (`75:00` is fine, `1:75:00` is not).
    if (h !== undefined && Number(mm) > 59) continue;
    const start = Number(h ?? 0) * 3600 + Number(mm) * 60 + Number(ss);
    chapters.push({ start, title: title!.trim().slice(0, CHAPTER_TITLE_MAX) });
  }
  if (chapters.length < CHAPTERS_MIN || chapters[0]!.start !== 0) return [];
  for (let i = 1; i < chapters.length; i++) if (chapters[i]!.start <= chapters[i - 1]!.start) return [];
  if (durationSeconds && chapters.at(-1)!.start >= durationSeconds) return [];
  return chapters;
}

/** The chapter playing at `seconds` (the last one started). */
export function chapterAt(chapters: readonly Chapter[], seconds: number): Chapter | undefined {
  let found: Chapter | undefined;
  for (const c of chapters) {
    if (c.start > seconds) break;
    found = c;
  }
  return found;
}
