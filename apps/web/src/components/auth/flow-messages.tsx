import type { IdentityUiText } from '../../client/identity/identity-client';

/** A flow's or a field's messages. Errors are announced to screen readers. */
export function FlowMessages({
  messages,
  className = '',
}: {
  messages: readonly IdentityUiText[];
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <ul className={`space-y-2 ${className}`}>
      {messages.map((message) => (
        <li
          key={`${message.id}-${message.text}`}
          role={message.type === 'error' ? 'alert' : 'status'}
          data-message-id={message.id}
          className={
            message.type === 'error'
              ? 'rounded border border-accent bg-paper px-3 py-2 text-sm text-accent'
              : 'rounded border border-rule bg-surface px-3 py-2 text-sm'
          }
        >
          {message.text}
        </li>
      ))}
    </ul>
  );
}
