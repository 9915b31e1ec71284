import type { McpUiHostContext } from '@modelcontextprotocol/ext-apps';

/**
 * Follows the host's theme and its CSS variables (the ext-apps names, e.g.
 * `--color-text-primary`); the stylesheet falls back to its own light and dark colours for
 * any the host leaves out. Host fonts are not loaded: the page fetches nothing.
 */
export function applyHostContext(context: McpUiHostContext): void {
  const root = document.documentElement;
  if (context.theme === 'light' || context.theme === 'dark') {
    root.dataset['theme'] = context.theme;
    root.style.colorScheme = context.theme;
  }
  for (const [name, value] of Object.entries(context.styles?.variables ?? {})) {
    if (name.startsWith('--') && typeof value === 'string') root.style.setProperty(name, value);
  }
}
