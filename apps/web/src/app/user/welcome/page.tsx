import { Welcome } from '../../../components/auth/welcome';

/** After the first sign-in or a purchase: what the reader now has, and where to go next. */
export default function WelcomePage() {
  return (
    <section className="mx-auto max-w-measure px-gutter py-10">
      <Welcome />
    </section>
  );
}
