import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface DemoStory {
  slug: string;
  path: string;
  access: string;
  topics: string[];
  /** The start of the story's last paragraph: in the gated part of any gated story. */
  sentinel: string;
}

interface RawStory {
  slug: string;
  section: string;
  access: string;
  topics: string[];
  body: { type: string; text?: string }[];
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
          sentinel: paragraphs.at(-1)!.slice(0, 80),
        };
      });
  return [
    ...read('articles', (s) => `/articles/${s.section}/${s.slug}/`),
    ...read('case-studies', (s) => `/case-studies/${s.slug}/`),
  ];
}

export const storiesWith = (access: string) => demoStories().filter((s) => s.access === access);
