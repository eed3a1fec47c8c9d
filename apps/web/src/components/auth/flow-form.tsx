import { FraudFormEvents } from '../../client/fraud/fraud-form-events';
import type { IdentityUi } from '../../client/identity/identity-client';
import { FlowMessages } from './flow-messages';
import { FlowNode } from './flow-node';
import { SignInForm } from './sign-in-form';

/** The order groups appear in: social buttons first, then the forms. */
const GROUP_ORDER = ['oidc', 'default', 'identifier_first', 'profile', 'code', 'password', 'link'];

/** What each group is, for screen readers (the fieldset legend). */
const GROUP_LEGEND: Record<string, string> = {
  oidc: 'Continue with another account',
  default: 'Your details',
  identifier_first: 'Your e-mail address',
  profile: 'Your details',
  code: 'With a one-time code by e-mail',
  password: 'With a password',
  link: 'With a link by e-mail',
};

/** Groups that are alternative ways to finish the same form: an "or" separates them. */
const METHOD_GROUPS = new Set(['code', 'password', 'link']);

/**
 * Renders a Kratos UI container as a plain HTML form posting straight to the identity provider, so
 * sign-in works without JavaScript and against any Kratos-compatible server. Social buttons are shown only
 * when the provider offers them (it does so only when a provider is configured).
 */
export function FlowForm({
  ui,
  idPrefix,
  hideGroups = [],
  signIn,
}: {
  ui: IdentityUi;
  idPrefix: string;
  hideGroups?: string[];
  /** Whether submitting can sign the reader in, and as what (analytics: login or registered). */
  signIn?: 'login' | 'register';
}) {
  const nodes = ui.nodes.filter((n) => !hideGroups.includes(n.group));
  const hidden = nodes.filter((n) => n.attributes.node_type === 'input' && n.attributes.type === 'hidden');
  const visible = nodes.filter((n) => !hidden.includes(n));
  const groups = [...new Set(visible.map((n) => n.group))].sort(
    (a, b) => (GROUP_ORDER.indexOf(a) + 1 || 99) - (GROUP_ORDER.indexOf(b) + 1 || 99),
  );
  return (
    <FraudFormEvents form={signIn} className="space-y-6">
      <FlowMessages messages={ui.messages ?? []} />
      <SignInForm action={ui.action} method={ui.method} kind={signIn} className="space-y-6">
        {hidden.map((node, i) => (
          <FlowNode key={`hidden-${i}`} node={node} fieldId={`${idPrefix}-hidden-${i}`} />
        ))}
        {groups.map((group, index) => (
          <fieldset key={group} className="space-y-4" data-group={group}>
            <legend className="sr-only">{GROUP_LEGEND[group] ?? group}</legend>
            {METHOD_GROUPS.has(group) && METHOD_GROUPS.has(groups[index - 1] ?? '') ? (
              <p aria-hidden="true" className="flex items-center gap-3 text-sm text-muted">
                <span className="h-px flex-1 bg-rule" />
                or
                <span className="h-px flex-1 bg-rule" />
              </p>
            ) : null}
            {visible
              .filter((n) => n.group === group)
              .map((node, i) => (
                <FlowNode key={`${group}-${i}`} node={node} fieldId={`${idPrefix}-${group}-${i}`} />
              ))}
          </fieldset>
        ))}
      </SignInForm>
    </FraudFormEvents>
  );
}
