import { SafeHtml } from './safe-html.js';

/** The report's stylesheet: system fonts, light and dark, readable printed or on a phone. Ours, so not escaped. */
export const REPORT_STYLE = new SafeHtml(`
:root {
  --bg: #ffffff; --fg: #1d2330; --muted: #5d6675; --line: #d9dde4; --panel: #f5f7fa; --code: #eef1f5;
  --pass: #1f8a4c; --warn: #b26b00; --fail: #c62828; --skip: #8a93a3; --blocked: #6b5b95; --not-verified: #1d7a8c;
  --fail-bg: #fdecec; --warn-bg: #fff5e0;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #14171c; --fg: #e4e7ec; --muted: #9aa3b2; --line: #333a45; --panel: #1b1f26; --code: #232833;
    --pass: #3fb371; --warn: #e0a030; --fail: #ef5350; --skip: #7d8696; --blocked: #9d8bc9; --not-verified: #4fb3c6;
    --fail-bg: #3a1d1f; --warn-bg: #3a2d14;
  }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1100px; padding: 24px; background: var(--bg); color: var(--fg);
  font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
code, pre, .id { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 13px; }
a { color: inherit; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 10px; }
h2 small { font-size: 13px; font-weight: normal; color: var(--muted); margin-left: 8px; }
.verdict { font-size: 18px; font-weight: 600; margin: 0 0 12px; }
.verdict.pass { color: var(--pass); } .verdict.warn { color: var(--warn); } .verdict.fail { color: var(--fail); }
dl.run { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; color: var(--muted); }
dl.run dd { margin: 0; color: var(--fg); overflow-wrap: anywhere; }
table.summary { width: 100%; border-collapse: collapse; margin-top: 20px; }
table.summary caption { text-align: left; font-weight: 600; padding-bottom: 6px; }
table.summary th { text-align: left; font-weight: 500; padding: 4px 12px 4px 0; white-space: nowrap; width: 1%; }
table.summary td { padding: 4px 0; }
div.bar { display: flex; height: 22px; margin: 4px 0; border-radius: 4px; overflow: hidden; background: var(--panel); }
.segment { display: flex; align-items: center; justify-content: center; color: #fff; font-size: 12px; font-weight: 600; min-width: 18px; }
.segment.pass { background: var(--pass); } .segment.warn { background: var(--warn); }
.segment.fail { background: var(--fail); } .segment.skip { background: var(--skip); }
.segment.blocked { background: var(--blocked); } .segment.not-verified { background: var(--not-verified); }
table.summary td.counts { color: var(--muted); font-size: 13px; padding-left: 12px; white-space: nowrap; width: 1%; }
@media (max-width: 600px) { table.summary td.counts { white-space: normal; width: 40%; } }
.badge { display: inline-block; min-width: 42px; text-align: center; border-radius: 3px; padding: 0 5px; color: #fff;
  font: 600 11px/18px ui-monospace, Menlo, Consolas, monospace; vertical-align: 1px; }
.badge.pass { background: var(--pass); } .badge.warn { background: var(--warn); }
.badge.fail { background: var(--fail); } .badge.skip { background: var(--skip); }
.badge.blocked { background: var(--blocked); } .badge.not-verified { background: var(--not-verified); }
nav.attention { border: 1px solid var(--line); border-left: 4px solid var(--fail); border-radius: 6px; padding: 4px 16px; margin-top: 20px; }
nav.attention h2 { margin: 10px 0 6px; font-size: 16px; }
nav.attention ul { padding-left: 0; list-style: none; }
nav.attention li { margin: 4px 0; overflow-wrap: anywhere; }
details.check { border: 1px solid var(--line); border-radius: 6px; margin: 6px 0; background: var(--bg); }
details.check.fail { border-color: var(--fail); } details.check.warn { border-color: var(--warn); }
details.check > summary { cursor: pointer; padding: 7px 12px; list-style-position: outside; overflow-wrap: anywhere; }
details.check.fail > summary { background: var(--fail-bg); } details.check.warn > summary { background: var(--warn-bg); }
details.check[open] > summary { border-bottom: 1px solid var(--line); }
.check .id { font-weight: 600; margin: 0 6px; }
.check .about { color: var(--muted); font-size: 13px; margin-left: 6px; }
.detail { padding: 4px 16px 12px; }
.message { font-weight: 500; overflow-wrap: anywhere; }
.check.fail .message { color: var(--fail); } .check.warn .message { color: var(--warn); }
.omitted { color: var(--muted); font-style: italic; }
.exchange { border-left: 3px solid var(--line); padding: 2px 0 2px 12px; margin: 12px 0; }
.exchange p { margin: 4px 0; overflow-wrap: anywhere; }
.step { display: inline-block; min-width: 20px; color: var(--muted); font-size: 12px; }
.http-2xx { color: var(--pass); } .http-3xx { color: var(--muted); } .http-4xx { color: var(--warn); } .http-5xx { color: var(--fail); }
dl.headers { display: grid; grid-template-columns: max-content 1fr; gap: 0 12px; margin: 2px 0 6px 20px;
  font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12.5px; }
dl.headers dt { color: var(--muted); } dl.headers dd { margin: 0; overflow-wrap: anywhere; }
details.more-headers { margin-left: 20px; color: var(--muted); font-size: 13px; }
pre.body { margin: 4px 0 8px 20px; padding: 8px 10px; background: var(--code); border-radius: 4px; max-height: 360px;
  overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
footer { margin-top: 32px; color: var(--muted); font-size: 13px; }
@media print { details.check > summary { background: none; } pre.body { max-height: none; } }
`);
