import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DemoStory {
  slug: string;
  path: string;
  access: string;
  topics: string[];
  section: string;
  /** Plain text from the story's last paragraph: in the gated part of any gated story. */
  sentinel: string;
  /** A case study's first glossary definition (shown only to readers the case study opens to). */
  glossary: string | null;
}

interface RawStory {
  slug: string;
  section: string;
  access: string;
  topics: string[];
  body: { type: string; text?: string }[];
  glossary?: { term: string; definition: string }[];
}

/**
 * Up to 80 characters of `text` that read the same in HTML, a React Server Components payload, JSON and
 * XML: no quote, apostrophe, ampersand or angle bracket, which each escapes its own way (a sentinel with
 * one would be absent from every response, and prove nothing).
 */
function plainRun(text: string): string {
  const run = /[A-Za-z0-9 ,.:;()-]{40,}/.exec(text)?.[0];
  if (!run) throw new Error(`No plain run of 40 characters in: ${text}`);
  return run.trim().slice(0, 80);
}

/** The demo edition's stories, read from the files the product seeds from. */
export function demoStories(): DemoStory[] {
  const root = path.resolve('content/demo-edition');
  const read = (folder: string, pathOf: (s: RawStory) => string) =>
    readdirSync(path.join(root, folder))
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(path.join(root, folder, f), 'utf8')) as RawStory)
      .map((s) => {
        const paragraphs = s.body.filter((b) => b.type === 'paragraph' && b.text).map((b) => b.text!);
        return {
          slug: s.slug,
          path: pathOf(s),
          access: s.access,
          topics: s.topics,
          section: s.section,
          sentinel: plainRun(paragraphs.at(-1)!),
          glossary: s.glossary?.[0] ? plainRun(s.glossary[0].definition) : null,
        };
      });
  return [
    ...read('articles', (s) => `/articles/${s.section}/${s.slug}/`),
    ...read('case-studies', (s) => `/case-studies/${s.slug}/`),
  ];
}

export const storiesWith = (access: string) => demoStories().filter((s) => s.access === access);
