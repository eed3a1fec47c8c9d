import type { IdentityUiNode } from '../../client/identity/identity-client';
import { FlowMessages } from './flow-messages';

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Human labels for the social providers the product offers. */
const PROVIDER_LABELS: Record<string, string> = {
  google: 'Continue with Google',
  apple: 'Continue with Apple',
};

/** One node of a Kratos UI container, in our design. Unknown node types render nothing. */
export function FlowNode({ node, fieldId }: { node: IdentityUiNode; fieldId: string }) {
  const a = node.attributes;
  const label = node.meta.label?.text;
  switch (a.node_type) {
    case 'input': {
      const type = str(a.type) ?? 'text';
      const name = str(a.name) ?? '';
      if (type === 'hidden') return <input type="hidden" name={name} value={str(a.value) ?? ''} />;
      if (type === 'submit' || type === 'button') {
        const text = (node.group === 'oidc' && PROVIDER_LABELS[str(a.value) ?? '']) || label || 'Continue';
        // Kratos labels its resend button 1070008 ("Resend code"); it must not demand the code field.
        const secondary = node.group === 'oidc' || name === 'resend' || node.meta.label?.id === 1070008;
        return (
          <button
            type={type === 'submit' ? 'submit' : 'button'}
            name={name}
            value={str(a.value) ?? ''}
            disabled={a.disabled === true}
            formNoValidate={secondary}
            className={
              secondary
                ? 'w-full rounded border border-ink px-4 py-2.5 font-medium hover:bg-surface'
                : 'w-full rounded bg-ink px-4 py-2.5 font-medium text-paper hover:opacity-90'
            }
          >
            {text}
          </button>
        );
      }
      const errors = node.messages.filter((m) => m.type === 'error');
      const describedBy = node.messages.length > 0 ? `${fieldId}-messages` : undefined;
      if (type === 'checkbox') {
        return (
          <div>
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name={name}
                value="true"
                defaultChecked={a.value === true}
                aria-describedby={describedBy}
              />
              <span>{label ?? name}</span>
            </label>
            <FlowMessages messages={node.messages} className="mt-1" />
          </div>
        );
      }
      return (
        <div>
          <label htmlFor={fieldId} className="mb-1 block text-sm font-medium">
            {label ?? name}
          </label>
          <input
            id={fieldId}
            type={type}
            name={name}
            defaultValue={str(a.value) ?? (typeof a.value === 'number' ? String(a.value) : undefined)}
            required={a.required === true}
            disabled={a.disabled === true}
            autoComplete={str(a.autocomplete)}
            maxLength={typeof a.maxlength === 'number' ? a.maxlength : undefined}
            pattern={str(a.pattern)}
            inputMode={name === 'code' ? 'numeric' : undefined}
            aria-invalid={errors.length > 0 || undefined}
            aria-describedby={describedBy}
            className="w-full rounded border border-muted bg-paper px-3 py-2 text-base"
          />
          {describedBy ? (
            <div id={describedBy}>
              <FlowMessages messages={node.messages} className="mt-1" />
            </div>
          ) : null}
        </div>
      );
    }
    case 'text':
      return (
        <p className="text-sm">
          {label ? <span className="font-medium">{label}: </span> : null}
          <code>{str((a as { text?: { text?: string } }).text?.text)}</code>
        </p>
      );
    case 'a':
      return (
        <a href={str(a.href)} className="text-sm">
          {str((a as { title?: { text?: string } }).title?.text) ?? label}
        </a>
      );
    case 'img':
      // The provider serves these as data: URLs (QR codes), which next/image does not take.
      return (
        <img
          src={str(a.src)}
          alt={label ?? ''}
          width={Number(a.width) || undefined}
          height={Number(a.height) || undefined}
        />
      );
    default:
      // Scripts (WebAuthn) are not offered by the product; see docs/identity.md.
      return null;
  }
}
