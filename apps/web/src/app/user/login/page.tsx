import Link from 'next/link';
import { FlowPage } from '../../../components/auth/flow-page';
import { single } from '../../../server/identity-flows';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  const returnTo = single(params.return_to);
  const query = returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : '';
  return (
    <FlowPage
      type="login"
      flowId={single(params.flow)}
      returnTo={returnTo}
      title="Sign in"
      intro="Use your password, or have a one-time code sent to your e-mail."
      footer={
        <>
          <p>
            New here? <Link href={`/user/register/${query}`}>Create an account</Link>
          </p>
          <p>
            <Link href="/user/recovery/">Forgotten your password?</Link>
          </p>
        </>
      }
    />
  );
}
