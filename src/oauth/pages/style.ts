/** The one stylesheet of the auth host, served from /assets/style.css (CSP allows 'self' only). */
export const stylesheet = `
:root {
  --ink: #1c2333; --muted: #5b6478; --line: #e3e6ee; --bg: #f5f6fa; --card: #fff;
  --brand: #3d5afe; --brand-dark: #2740d8; --danger: #c62839; --ok: #1d7a46;
  font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: var(--ink); background: var(--bg); font-size: 15px; line-height: 1.5;
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: flex; flex-direction: column; }
.topbar { display: flex; align-items: center; justify-content: space-between; padding: 14px 28px;
  background: var(--card); border-bottom: 1px solid var(--line); }
.brand { display: flex; align-items: center; gap: 10px; font-weight: 650; color: var(--ink); text-decoration: none; }
.logo { display: inline-grid; place-items: center; width: 30px; height: 30px; border-radius: 8px;
  background: linear-gradient(135deg, var(--brand), #7c4dff); color: #fff; font-weight: 700; }
.account { display: flex; align-items: center; gap: 12px; margin: 0; }
.who { color: var(--muted); font-size: 14px; }
.page { flex: 1; display: flex; justify-content: center; align-items: flex-start; padding: 56px 16px; }
.card { width: 100%; max-width: 440px; background: var(--card); border: 1px solid var(--line); border-radius: 14px;
  padding: 32px; box-shadow: 0 12px 32px rgba(28, 35, 51, 0.07); }
.card.wide { max-width: 640px; }
h1 { font-size: 22px; line-height: 1.3; margin: 0 0 6px; }
.eyebrow { margin: 0 0 8px; font-size: 12px; font-weight: 650; letter-spacing: .06em; text-transform: uppercase; color: var(--brand); }
.eyebrow.error { color: var(--danger); }
.lead { margin: 0 0 22px; color: var(--muted); }
.fine { margin: 20px 0 0; font-size: 13px; color: var(--muted); }
a { color: var(--brand); }
.stack { display: grid; gap: 16px; }
.or { display: flex; align-items: center; gap: 12px; margin: 18px 0; color: var(--muted); font-size: 13px; }
.or::before, .or::after { content: ""; flex: 1; border-top: 1px solid #e3e6ee; }
label { display: grid; gap: 6px; font-size: 14px; font-weight: 600; }
input[type=email], input[type=password] { font: inherit; padding: 10px 12px; border: 1px solid #cfd4e0;
  border-radius: 8px; background: #fff; }
input:focus { outline: 2px solid rgba(61, 90, 254, .35); border-color: var(--brand); }
button { font: inherit; font-weight: 600; border-radius: 8px; padding: 10px 18px; cursor: pointer; border: 1px solid transparent; }
button.primary { background: var(--brand); color: #fff; }
button.primary:hover { background: var(--brand-dark); }
button.secondary, a.button.secondary { background: #fff; color: var(--ink); border-color: #cfd4e0; }
a.button { display: inline-block; font-weight: 600; border-radius: 8px; padding: 10px 18px; border: 1px solid transparent; text-decoration: none; }
button.danger { background: #fff; color: var(--danger); border-color: #efc2c7; padding: 7px 14px; }
button.danger:hover { background: #fdf1f2; }
button.link { background: none; border: none; padding: 0; color: var(--brand); font-weight: 500; }
.alert { margin: 0 0 18px; padding: 10px 12px; border-radius: 8px; background: #fdf1f2; color: var(--danger); font-size: 14px; }
.alert code.value { color: var(--ink); background: #fff; border: 1px solid #efc2c7; border-radius: 4px; padding: 0 4px; word-break: break-all; }
.notice { margin: 0 0 18px; padding: 10px 12px; border-radius: 8px; background: #eef8f2; color: var(--ok); font-size: 14px; }
.grants { margin: 0 0 22px; padding: 0; list-style: none; display: grid; gap: 10px; }
.grants li { position: relative; padding-left: 26px; }
.grants li::before { content: "✓"; position: absolute; left: 0; top: 0; color: var(--ok); font-weight: 700; }
.verified-host { color: var(--ok); font-weight: 600; }
.chosen-name { color: var(--muted); font-size: 13px; font-weight: 400; }
.caution { color: var(--danger); }
.destination { display: grid; gap: 4px; padding: 14px 16px; border-radius: 10px; background: var(--bg); border: 1px solid var(--line); }
.destination .label { font-size: 13px; color: var(--muted); }
.destination .host { font-size: 16px; }
.destination code { font-size: 12.5px; color: var(--muted); word-break: break-all; }
.actions { display: flex; justify-content: flex-end; gap: 10px; margin-top: 24px; }
.apps { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
.app { display: flex; justify-content: space-between; align-items: center; gap: 16px; padding: 14px 16px;
  border: 1px solid var(--line); border-radius: 10px; }
.app form { margin: 0; }
.app .meta { display: block; font-size: 13px; color: var(--muted); word-break: break-all; }
.empty { color: var(--muted); }
.footer { padding: 20px; text-align: center; font-size: 12px; color: var(--muted); }
`;
