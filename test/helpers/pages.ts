const unescapeHtml = (text: string): string =>
  text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/**
 * The alert of an error page as its `error_description` would read: each outside value, shown as
 * `<code class="value">`, in single quotes. Throws when the alert holds any other markup.
 */
export function alertText(page: string): string {
  const alert = /<p class="alert" role="alert">([\s\S]*?)<\/p>/.exec(page)?.[1];
  if (alert === undefined) throw new Error('the page has no alert');
  const quoted = alert.replace(/<code class="value">([^<]*)<\/code>/g, "'$1'");
  if (/<[a-z/]/i.test(quoted)) throw new Error(`the alert holds markup other than quoted values: ${alert}`);
  return unescapeHtml(quoted);
}
