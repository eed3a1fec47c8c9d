import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@bof/db/testing';
import { importContentInto } from '../modules/content/content.module';
import { memorySource, readEditionFolder } from '../modules/content/content-source';
import { DEMO_EDITION_FOLDER } from '../modules/content/demo-edition';
import { demoJobsSeed } from '../modules/jobs/jobs.seed';
import { demoProfilesSeed } from '../modules/profiles/profiles.seed';
import { glossarySeed } from '../modules/search/glossary.seed';
import { searchServiceFor } from '../modules/search/search.module';
import type { SearchReader } from '../modules/search/search.service';

// `npm run search:eval`: imports the demo edition, the glossary, the demo people and organisations and
// the demo job listings (indexed as the embedded defaults index them) into a fresh embedded database, asks
// every question of evaluation/questions.json with the extractive composer, and prints source recall@5,
// citation precision and abstention accuracy, for a reader who may read everything and for an anonymous
// one (who gets only headlines and standfirsts of gated stories). Targets: 0.8, 0.95 and 90 %.
interface QuestionSet {
  answerable: { question: string; answers: string[] }[];
  unanswerable: string[];
}
const set = JSON.parse(
  readFileSync(new URL('../modules/search/evaluation/questions.json', import.meta.url), 'utf8'),
) as QuestionSet;

const database = await createTestDatabase();
try {
  await importContentInto(database.db, memorySource(readEditionFolder(DEMO_EDITION_FOLDER).items));
  await glossarySeed.run(database.db);
  await demoProfilesSeed.run(database.db);
  await demoJobsSeed.run(database.db);
  const rows = (await database.db.execute(sql`select ref_id, slug from search_documents`)) as unknown as
    { rows: { ref_id: string; slug: string }[] } | { ref_id: string; slug: string }[];
  const slugOf = new Map(
    (Array.isArray(rows) ? rows : rows.rows).map((row) => [row.ref_id, row.slug] as const),
  );
  const search = searchServiceFor(database.db, { aiAnswers: null });
  const readers: [string, SearchReader][] = [
    ['reader with every entitlement (AllAccess)', { membershipLevel: 'AllAccess', isBofAdmin: false }],
    ['anonymous reader', null],
  ];
  const verbose = process.argv.includes('--verbose');
  for (const [label, reader] of readers) {
    let recall = 0;
    let cited = 0;
    let citedRight = 0;
    let answered = 0;
    for (const item of set.answerable) {
      const answer = await search.answer(item.question, reader);
      const top5 = answer.retrieved.slice(0, 5).map((s) => slugOf.get(s.id));
      recall += item.answers.filter((slug) => top5.includes(slug)).length / item.answers.length;
      if (answer.type === 'success') answered++;
      const wrong: string[] = [];
      for (const citation of answer.citations) {
        cited++;
        if (item.answers.includes(slugOf.get(citation.id) ?? '')) citedRight++;
        else wrong.push(slugOf.get(citation.id) ?? citation.id);
      }
      if (verbose && (answer.type === 'error' || wrong.length > 0))
        console.log(
          `  ${answer.type === 'error' ? 'abstained' : `cited ${wrong.join(', ')}`}: ${item.question}`,
        );
    }
    let abstained = 0;
    for (const question of set.unanswerable) {
      const answer = await search.answer(question, reader);
      if (answer.type === 'error') abstained++;
      else if (verbose) console.log(`  answered: ${question} → ${answer.answer.slice(0, 120)}`);
    }
    const n = set.answerable.length;
    console.log(`${label}:`);
    console.log(`  questions: ${n} answerable, ${set.unanswerable.length} unanswerable`);
    console.log(`  source recall@5:      ${(recall / n).toFixed(3)}   (target ≥ 0.8)`);
    console.log(
      `  citation precision:   ${(cited ? citedRight / cited : 1).toFixed(3)}   (${citedRight}/${cited} citations; target ≥ 0.95)`,
    );
    console.log(
      `  abstention accuracy:  ${((100 * abstained) / set.unanswerable.length).toFixed(1)} %  (${abstained}/${set.unanswerable.length}; target ≥ 90 %)`,
    );
    console.log(`  answered (answerable): ${answered}/${n}`);
  }
} finally {
  await database.close();
}
