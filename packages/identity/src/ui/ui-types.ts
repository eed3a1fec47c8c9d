/** Kratos `uiText`: the id is fixed by Kratos (vendor-specs/kratos-message-ids.json), the text is ours. */
export interface UiText {
  id: number;
  type: 'info' | 'error' | 'success';
  text: string;
  context?: Record<string, unknown>;
}

export interface UiInputAttributes {
  node_type: 'input';
  name: string;
  type:
    | 'text'
    | 'password'
    | 'number'
    | 'checkbox'
    | 'hidden'
    | 'email'
    | 'tel'
    | 'submit'
    | 'button'
    | 'datetime-local'
    | 'date'
    | 'url';
  value?: unknown;
  required?: boolean;
  disabled: boolean;
  autocomplete?: string;
  maxlength?: number;
  pattern?: string;
}

export interface UiAnchorAttributes {
  node_type: 'a';
  id: string;
  href: string;
  title: UiText;
}

export interface UiNode {
  type: 'input' | 'a';
  group: 'default' | 'password' | 'code' | 'oidc' | 'profile' | 'link';
  attributes: UiInputAttributes | UiAnchorAttributes;
  messages: UiText[];
  meta: { label?: UiText };
}

export interface UiContainer {
  action: string;
  method: 'POST' | 'GET';
  nodes: UiNode[];
  messages?: UiText[];
}
