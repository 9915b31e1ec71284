/** Text always goes in as text nodes: labels and answers are written by survey authors and respondents. */
export type Child = Node | string | number | false | null | undefined;

export interface Props {
  readonly class?: string;
  readonly title?: string;
  /** CSS custom properties and sizes the charts compute, e.g. `{ width: '29.9%' }`. */
  readonly style?: Readonly<Record<string, string>>;
  readonly attrs?: Readonly<Record<string, string>>;
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (props.class) element.className = props.class;
  if (props.title) element.title = props.title;
  for (const [name, value] of Object.entries(props.style ?? {})) element.style.setProperty(name, value);
  for (const [name, value] of Object.entries(props.attrs ?? {})) element.setAttribute(name, value);
  for (const child of children) {
    if (child === false || child === null || child === undefined) continue;
    element.append(child instanceof Node ? child : String(child));
  }
  return element;
}
