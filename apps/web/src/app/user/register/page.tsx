import Link from 'next/link';
import { FlowPage } from '../../../components/auth/flow-page';
import { single } from '../../../server/identity-flows';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  const params = await searchParams;
  const returnTo = single(params.return_to);
  const query = returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : '';
  return (
    <FlowPage
      type="registration"
      flowId={single(params.flow)}
      returnTo={returnTo}
      title="Create your account"
      intro="Registration is free. We will send a code to confirm your e-mail address."
      footer={
        <p>
          Already registered? <Link href={`/user/login/${query}`}>Sign in</Link>
        </p>
      }
    />
  );
}
