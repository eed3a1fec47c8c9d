import type { JobView } from '@bof/api/careers';

/** schema.org JobPosting for search engines (Google for Jobs): the open listing's facts. */
export function jobPostingJsonLd(job: JobView, siteUrl: string): Record<string, unknown> {
  const remote = job.workplace === 'REMOTE';
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.descriptionHtml,
    identifier: { '@type': 'PropertyValue', name: job.employer.title, value: job.id },
    datePosted: (job.publishedAt ?? job.createdAt).toISOString(),
    validThrough: job.closesAt.toISOString(),
    hiringOrganization: {
      '@type': 'Organization',
      name: job.employer.title,
      sameAs: `${siteUrl}/organisations/${job.employer.slug}/`,
    },
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'AdministrativeArea', name: job.location },
        }
      : {
          jobLocation: {
            '@type': 'Place',
            address: { '@type': 'PostalAddress', addressLocality: job.location },
          },
        }),
    industry: job.jobIndustry.title,
    occupationalCategory: job.jobFunction.title,
    ...(job.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              ...(job.salary.min !== null ? { minValue: job.salary.min } : {}),
              ...(job.salary.max !== null ? { maxValue: job.salary.max } : {}),
              unitText: 'YEAR',
            },
          },
        }
      : {}),
    directApply: false,
    url: `${siteUrl}/careers/${job.slug}/`,
  };
}
