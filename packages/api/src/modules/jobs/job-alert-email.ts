import type { MailMessage } from '../email-change/email-change-mail';
import { WORKPLACE_TITLES } from './jobs.inputs';
import type { JobAlertView, JobView } from './jobs.module';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The alert's search in words: "design · Remote · “buyer”", or "all listings". */
export function describeAlert(alert: JobAlertView): string {
  const parts = [
    alert.query ? `“${alert.query}”` : null,
    alert.jobFunction?.title,
    alert.jobIndustry?.title,
    alert.jobLevel?.title,
    alert.workplace ? WORKPLACE_TITLES[alert.workplace] : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'all listings';
}

/** The weekly e-mail of one job alert: the new listings matching it, each linking to its page. */
export function jobAlertEmail(input: {
  to: string;
  alert: JobAlertView;
  jobs: JobView[];
  siteUrl: string;
}): MailMessage {
  const what = describeAlert(input.alert);
  const manage = `${input.siteUrl}/careers/your-jobs/`;
  const lines = input.jobs.map((job) => ({
    job,
    url: `${input.siteUrl}/careers/${job.slug}/`,
    meta: `${job.employer.title} · ${job.location} · ${WORKPLACE_TITLES[job.workplace]}`,
  }));
  const count = input.jobs.length === 1 ? 'One new job' : `${input.jobs.length} new jobs`;
  return {
    to: input.to,
    subject: `${count} for your alert: ${what}`,
    templateType: 'job_alert',
    text: [
      `${count} matching your job alert (${what}):`,
      ...lines.map((l) => `${l.job.title}\n${l.meta}\n${l.url}`),
      `Manage your job alerts: ${manage}`,
    ].join('\n\n'),
    html:
      '<!doctype html><html><body style="font-family:sans-serif">' +
      `<p>${escapeHtml(count)} matching your job alert (${escapeHtml(what)}):</p><ul>` +
      lines
        .map(
          (l) =>
            `<li><p><a href="${escapeHtml(l.url)}"><strong>${escapeHtml(l.job.title)}</strong></a><br>${escapeHtml(l.meta)}</p></li>`,
        )
        .join('') +
      `</ul><p><a href="${escapeHtml(manage)}">Manage your job alerts</a></p></body></html>`,
  };
}
