import { notFound } from 'next/navigation';
import { EnquiryForm } from '../../../components/contact/enquiry-form';
import { contactKinds, isContactKind } from '../../../site/contact-kinds';

export const dynamicParams = false;

export function generateStaticParams() {
  return Object.keys(contactKinds).map((kind) => ({ kind }));
}

export default async function ContactPage({ params }: { params: Promise<{ kind: string }> }) {
  const { kind } = await params;
  if (!isContactKind(kind)) notFound();
  const page = contactKinds[kind];
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <p className="text-sm font-semibold uppercase tracking-wide text-muted">Contact us</p>
      <h1 className="mt-2 font-serif text-3xl font-bold">{page.title}</h1>
      <p className="mt-4 text-lg">{page.intro}</p>
      <EnquiryForm kind={kind} desk={page.desk} />
    </section>
  );
}
