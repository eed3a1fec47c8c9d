import type { UiInputAttributes, UiNode, UiText } from './ui-types';

type Group = UiNode['group'];

/** An input node; `required` and `autocomplete` only when given, as Kratos omits them. */
export function input(
  group: Group,
  name: string,
  type: UiInputAttributes['type'],
  options: {
    value?: unknown;
    required?: boolean;
    autocomplete?: string;
    label?: UiText;
    messages?: UiText[];
    maxlength?: number;
    pattern?: string;
  } = {},
): UiNode {
  const attributes: UiInputAttributes = { name, type, disabled: false, node_type: 'input' };
  if (options.value !== undefined) attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  if (options.maxlength) attributes.maxlength = options.maxlength;
  if (options.pattern) attributes.pattern = options.pattern;
  return {
    type: 'input',
    group,
    attributes,
    messages: options.messages ?? [],
    meta: options.label ? { label: options.label } : {},
  };
}

export const csrfNode = (token: string): UiNode =>
  input('default', 'csrf_token', 'hidden', { value: token, required: true });

export const submit = (group: Group, name: string, value: string, label: UiText): UiNode =>
  input(group, name, 'submit', { value, label });

export const anchor = (group: Group, id: string, href: string, title: UiText): UiNode => ({
  type: 'a',
  group,
  attributes: { node_type: 'a', id, href, title },
  messages: [],
  meta: { label: title },
});

/** Adds a message to the node with this name (first match), in place. */
export function addNodeMessage(nodes: UiNode[], name: string, message: UiText): void {
  const node = nodes.find((n) => n.attributes.node_type === 'input' && n.attributes.name === name);
  if (node) node.messages.push(message);
}

/** Puts submitted values back into inputs (never passwords, codes or the CSRF token). */
export function fillValues(nodes: UiNode[], values: Record<string, unknown>): void {
  for (const node of nodes) {
    const a = node.attributes;
    if (a.node_type !== 'input' || a.type === 'password' || a.type === 'submit' || a.type === 'hidden')
      continue;
    if (a.name === 'code' || a.name === 'csrf_token') continue;
    const value = values[a.name];
    if (typeof value === 'string') a.value = value;
  }
}
