import Link from 'next/link';
import { FlowPage, withReturnTo } from '../../../components/auth/flow-page';
import { single } from '../../../server/identity-flows';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  return (
    <FlowPage
      type="login"
      flowId={single(params.flow)}
      errorId={single(params.error)}
      returnTo={single(params.return_to)}
      title="Sign in"
      intro="Use your password, or have a one-time code sent to your e-mail."
      footer={(returnTo) => (
        <>
          <p>
            New here? <Link href={withReturnTo('/user/register/', returnTo)}>Create an account</Link>
          </p>
          <p>
            <Link href={withReturnTo('/user/recovery/', returnTo)}>Forgotten your password?</Link>
          </p>
        </>
      )}
    />
  );
}
