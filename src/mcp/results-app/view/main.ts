import type { McpUiToolResultNotification } from '@modelcontextprotocol/ext-apps';
import { el } from './dom.js';
import { drawResults } from './draw.js';
import { formatFor, type Format } from './format.js';
import { connectToHost } from './host-connection.js';
import { isSurveyResults } from './results.js';
import { applyHostContext } from './theme.js';

type ToolResult = McpUiToolResultNotification['params'];

const root = document.getElementById('results') as HTMLElement;
let format = formatFor(undefined);
let shown: ToolResult | undefined;

function show(...nodes: Node[]): void {
  root.replaceChildren(...nodes);
}

function redraw(): void {
  if (shown) show(...render(shown, format));
}

/** Structured content when the host passes it on, else the JSON text every answer carries. */
function render(result: ToolResult, format: Format): Node[] {
  const payload = (result.structuredContent as Record<string, unknown> | undefined) ?? parseText(result);
  if (result.isError) {
    const reason = typeof payload?.['error'] === 'string' ? payload['error'] : 'the tool reported an error';
    return [el('p', { class: 'problem' }, `No results: ${reason}`)];
  }
  if (!isSurveyResults(payload)) return [el('p', { class: 'problem' }, 'This answer holds no survey results to draw.')];
  return drawResults(payload, format);
}

function parseText(result: ToolResult): Record<string, unknown> | undefined {
  const text = result.content?.find((block) => block.type === 'text');
  if (!text || text.type !== 'text') return undefined;
  try {
    const parsed: unknown = JSON.parse(text.text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

if (window.parent === window) {
  show(el('p', { class: 'problem' }, 'This page draws get_survey_results inside an assistant that shows MCP Apps.'));
} else {
  connectToHost(
    { name: 'survey-mcp results', version: '1.0.0' },
    {
      context(context) {
        applyHostContext(context);
        if (context.locale) {
          format = formatFor(context.locale);
          redraw();
        }
      },
      toolResult(result) {
        shown = result;
        redraw();
      },
      toolCancelled(reason) {
        show(el('p', { class: 'problem' }, `The call was cancelled${reason ? `: ${reason}` : ''}.`));
      },
      failed(message) {
        show(el('p', { class: 'problem' }, `The assistant did not connect this view: ${message}`));
      },
    },
  );
}
