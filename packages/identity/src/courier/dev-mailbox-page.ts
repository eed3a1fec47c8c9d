import type { listOutbox } from './mailer';

type Row = Awaited<ReturnType<typeof listOutbox>>[number];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The code a message carries, for the list (six digits on their own). */
export function codeOf(text: string): string | undefined {
  return /Your code: (\d{6})/.exec(text)?.[1];
}

/** The message's files: images shown (alt: the file name), others linked as data URLs to download. */
function attachmentsOf(row: Row): string {
  const files = row.attachments ?? [];
  if (files.length === 0) return '';
  const items = files.map((file) => {
    const type = escapeHtml(file.contentType);
    const name = escapeHtml(file.filename);
    const url = `data:${type};base64,${file.contentBase64}`;
    return file.contentType.startsWith('image/')
      ? `<li data-attachment="${name}" data-content-type="${type}"><img src="${url}" alt="${name}" width="96" height="96"></li>`
      : `<li data-attachment="${name}" data-content-type="${type}"><a href="${url}" download="${name}">${name}</a></li>`;
  });
  return `<p>Attachments:</p><ul>${items.join('')}</ul>`;
}

/** A plain, accessible page of the outbox: newest first, each with recipient, subject and code. */
export function renderDevMailbox(rows: Row[]): string {
  const items = rows
    .map((row) => {
      const code = codeOf(row.bodyText);
      return `<li><article aria-labelledby="m-${row.id}">
<h2 id="m-${row.id}">${escapeHtml(row.subject)}</h2>
<p>To <span data-recipient>${escapeHtml(row.recipient)}</span> · <time datetime="${row.createdAt.toISOString()}">${row.createdAt.toISOString()}</time> · ${escapeHtml(row.templateType)}</p>
${code ? `<p>Code: <strong data-code>${code}</strong></p>` : ''}
${attachmentsOf(row)}
<details><summary>Message</summary><pre>${escapeHtml(row.bodyText)}</pre></details>
</article></li>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Outbox (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#111}li{list-style:none;border-bottom:1px solid #ccc;padding:1rem 0}h2{font-size:1.1rem;margin:0}strong{font-size:1.4rem;letter-spacing:.2em}</style></head>
<body><main><h1>Outbox</h1><p>E-mails the site would have sent. Shown only when running on the embedded defaults.</p>
${rows.length ? `<ol>${items}</ol>` : '<p>No messages yet.</p>'}</main></body></html>`;
}
