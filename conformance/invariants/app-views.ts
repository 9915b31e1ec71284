import { answersOf, isObject, MCP_APP_MIME_TYPE } from '../mcp.js';
import type { Invariant } from './invariant.js';
import type { TaggedExchange } from './tags.js';

/** An HTML5 document opens with its doctype, after at most whitespace and comments. */
const HTML5_DOCTYPE = /^\uFEFF?(?:\s|<!--[\s\S]*?-->)*<!doctype html\s*>/i;

/** Elements whose text runs to their end tag: a document that ends inside one was cut. */
const RAW_TEXT = ['script', 'style', 'title', 'textarea'];

/**
 * What keeps `html` from being a whole HTML5 document, or undefined: no doctype first, or it
 * ends where the HTML parser reports an end-of-file error (inside a tag, a comment, or a script,
 * style, title or textarea element), as a document cut short does.
 */
export function htmlDocumentProblem(html: string): string | undefined {
  if (!HTML5_DOCTYPE.test(html)) return `it is not an HTML5 document (no <!DOCTYPE html> first): ${JSON.stringify(html.slice(0, 60))}`;
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  if (withoutComments.includes('<!--')) return 'it ends inside a comment';
  for (const element of RAW_TEXT) {
    const opened = withoutComments.match(new RegExp(`<${element}\\b`, 'gi'))?.length ?? 0;
    const closed = withoutComments.match(new RegExp(`</${element}\\s*>`, 'gi'))?.length ?? 0;
    if (opened > closed) return `it ends inside a <${element}> element (${opened} opened, ${closed} closed): cut short`;
  }
  const lastOpen = withoutComments.lastIndexOf('<');
  if (lastOpen > withoutComments.lastIndexOf('>')) return `it ends inside a tag: ${JSON.stringify(withoutComments.slice(lastOpen, lastOpen + 40))}`;
  return undefined;
}

/** The MCP App views (text/html;profile=mcp-app) a resources/read answer gives, as HTML. */
function viewsRead(x: TaggedExchange): { uri: unknown; html: string }[] {
  return answersOf(x.exchange).flatMap((answer) => {
    const result = answer['result'];
    const contents = isObject(result) && Array.isArray(result['contents']) ? (result['contents'] as unknown[]).filter(isObject) : [];
    return contents
      .filter((content) => content['mimeType'] === MCP_APP_MIME_TYPE)
      .flatMap((content) => {
        const { text, blob } = content;
        const html = typeof text === 'string' ? text : typeof blob === 'string' ? Buffer.from(blob, 'base64').toString('utf8') : undefined;
        return html === undefined ? [] : [{ uri: content['uri'], html }];
      });
  });
}

/** MCP Apps "UI Resource Format", Content Requirements: every view read, each time, is a valid HTML5 document. */
export const appViewsWholeDocuments: Invariant = {
  id: 'app-views-whole-documents',
  title: 'Every MCP App view the run reads (resources/read, text/html;profile=mcp-app) is a whole HTML5 document',
  requirement: 'apps-content-html5',
  era: 'any',
  applies: (x) => x.endpoint === 'mcp' && x.method === 'resources/read' && viewsRead(x).length > 0,
  judge(x) {
    for (const { uri, html } of viewsRead(x)) {
      const problem = htmlDocumentProblem(html);
      if (problem) return `the view ${String(uri)} (${html.length} characters): ${problem}`;
    }
    return undefined;
  },
};
