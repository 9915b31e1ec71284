// The "browser" a command-line client opens: $BROWSER (a wrapper ScriptedBrowser writes) runs this
// with the authorization URL, and it hands the URL to the test, which signs in and approves as the
// person would.
const response = await fetch(process.env.SURVEY_MCP_TEST_BROWSER, { method: 'POST', body: process.argv[2] });
process.exitCode = response.ok ? 0 : 1;
