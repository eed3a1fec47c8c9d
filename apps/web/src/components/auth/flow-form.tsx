import type { IdentityUi } from '../../client/identity/identity-client';
import { FlowMessages } from './flow-messages';
import { FlowNode } from './flow-node';

/** The order groups appear in: social buttons first, then the forms. */
const GROUP_ORDER = ['oidc', 'default', 'identifier_first', 'profile', 'code', 'password', 'link'];

/**
 * Renders a Kratos UI container as a plain HTML form posting straight to the identity provider, so
 * sign-in works without JavaScript and against any Kratos-compatible server. Social buttons are shown only
 * when the provider offers them (it does so only when a provider is configured).
 */
export function FlowForm({
  ui,
  idPrefix,
  hideGroups = [],
}: {
  ui: IdentityUi;
  idPrefix: string;
  hideGroups?: string[];
}) {
  const nodes = ui.nodes.filter((n) => !hideGroups.includes(n.group));
  const hidden = nodes.filter((n) => n.attributes.node_type === 'input' && n.attributes.type === 'hidden');
  const visible = nodes.filter((n) => !hidden.includes(n));
  const groups = [...new Set(visible.map((n) => n.group))].sort(
    (a, b) => (GROUP_ORDER.indexOf(a) + 1 || 99) - (GROUP_ORDER.indexOf(b) + 1 || 99),
  );
  return (
    <div className="space-y-6">
      <FlowMessages messages={ui.messages ?? []} />
      <form action={ui.action} method={ui.method} className="space-y-6" noValidate={false}>
        {hidden.map((node, i) => (
          <FlowNode key={`hidden-${i}`} node={node} fieldId={`${idPrefix}-hidden-${i}`} />
        ))}
        {groups.map((group) => (
          <fieldset key={group} className="space-y-4" data-group={group}>
            <legend className="sr-only">{group}</legend>
            {visible
              .filter((n) => n.group === group)
              .map((node, i) => (
                <FlowNode key={`${group}-${i}`} node={node} fieldId={`${idPrefix}-${group}-${i}`} />
              ))}
          </fieldset>
        ))}
      </form>
    </div>
  );
}
