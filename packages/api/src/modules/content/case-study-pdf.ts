import PDFDocument from 'pdfkit';
import type { Story } from './content.types';
import { drawIllustration } from './illustration';

/** What the report says about where it came from. */
export interface ReportContext {
  siteName: string;
  /** The case study's address, printed on the cover. */
  url: string;
}

const INK = '#141414';
const MUTED = '#575757';
const ACCENT = '#a3122a';

/**
 * The PDF report of a case study, made from its own content: cover with the illustration, standfirst
 * and byline, the body blocks in order, and the glossary. Uses the PDF standard fonts (no files to
 * ship). Resolves to the finished file.
 */
export function renderCaseStudyPdf(story: Story, context: ReportContext): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    info: {
      Title: story.headline,
      Author: story.authors.map((a) => a.name).join(', '),
      Subject: story.standfirst,
      Creator: context.siteName,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 128;
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`${context.siteName.toUpperCase()} · CASE STUDY`);
  doc.moveDown(1.2);
  doc.fillColor(INK).font('Times-Bold').fontSize(26).text(story.headline, { lineGap: 2 });
  doc.moveDown(0.6);
  doc.fillColor(MUTED).font('Times-Roman').fontSize(14).text(story.standfirst, { lineGap: 2 });
  doc.moveDown(0.8);
  const byline = story.authors.map((a) => a.name).join(', ');
  const date = story.publishedAt.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  doc
    .fillColor(INK)
    .font('Helvetica')
    .fontSize(10)
    .text(`By ${byline} · ${date} · ${story.readingMinutes} min read`);
  doc.moveDown(1);
  drawArt(doc, story, width);
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text(`${story.hero.caption} ${story.hero.credit}`, { width });
  doc.moveDown(1.2);

  for (const block of story.body) {
    switch (block.type) {
      case 'paragraph':
        doc
          .fillColor(INK)
          .font('Times-Roman')
          .fontSize(11.5)
          .text(block.text, { lineGap: 3, paragraphGap: 8 });
        break;
      case 'heading':
        doc.moveDown(0.4);
        doc
          .fillColor(INK)
          .font('Helvetica-Bold')
          .fontSize(block.level === 2 ? 15 : 12.5)
          .text(block.text, { paragraphGap: 6 });
        break;
      case 'pullQuote':
        doc.moveDown(0.3);
        doc
          .fillColor(ACCENT)
          .font('Times-Italic')
          .fontSize(15)
          .text(`“${block.text}”`, { indent: 18, lineGap: 2 });
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(9)
          .text(`— ${block.attribution}`, { indent: 18, paragraphGap: 10 });
        break;
      case 'list':
        doc.fillColor(INK).font('Times-Roman').fontSize(11.5);
        block.items.forEach((item, index) =>
          doc.text(`${block.ordered ? `${index + 1}.` : '•'}  ${item}`, {
            indent: 14,
            lineGap: 2,
            paragraphGap: 3,
          }),
        );
        doc.moveDown(0.5);
        break;
      case 'image':
        doc
          .fillColor(MUTED)
          .font('Helvetica-Oblique')
          .fontSize(9)
          .text(`Illustration: ${block.caption} ${block.credit}`, {
            paragraphGap: 8,
          });
        break;
      case 'youtube':
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(9)
          .text(`Video: ${block.title} — https://www.youtube.com/watch?v=${block.videoId}`, {
            paragraphGap: 8,
          });
        break;
      case 'related':
        break;
    }
  }

  if (story.glossary && story.glossary.length > 0) {
    doc.addPage();
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Glossary', { paragraphGap: 10 });
    for (const entry of story.glossary) {
      doc.font('Helvetica-Bold').fontSize(11).text(entry.term, { paragraphGap: 2 });
      doc
        .font('Times-Roman')
        .fontSize(11)
        .fillColor(INK)
        .text(entry.definition, { lineGap: 2, paragraphGap: 10 });
    }
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8)
      .text(`${context.url}   ·   ${i + 1} / ${range.count}`, 64, doc.page.height - 40, {
        width,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** The story's illustration, drawn as vectors in a band across the page. */
function drawArt(doc: PDFKit.PDFDocument, story: Story, width: number) {
  const height = Math.round((width * 9) / 21);
  const art = drawIllustration(story.hero.art, width, height);
  const x = doc.x;
  const y = doc.y;
  doc.save();
  doc.rect(x, y, width, height).clip();
  doc.rect(x, y, width, height).fill(art.background);
  doc.translate(x, y);
  for (const shape of art.shapes) {
    if (shape.kind === 'rect') {
      doc.save();
      if (shape.rotate)
        doc.rotate(shape.rotate, { origin: [shape.x + shape.width / 2, shape.y + shape.height / 2] });
      doc.rect(shape.x, shape.y, shape.width, shape.height).fill(shape.fill);
      doc.restore();
    } else if (shape.kind === 'circle') doc.circle(shape.cx, shape.cy, shape.r).fill(shape.fill);
    else doc.path(shape.d).lineWidth(shape.strokeWidth).stroke(shape.stroke);
  }
  doc.restore();
  doc.x = x;
  doc.y = y + height + 8;
}
