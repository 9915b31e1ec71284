// The "browser" mcp-remote opens: xdg-open runs $BROWSER with the authorization URL, and this
// hands it to the test that started mcp-remote, which signs in and approves as the person would.
const response = await fetch(process.env.SURVEY_MCP_TEST_BROWSER, { method: 'POST', body: process.argv[2] });
process.exitCode = response.ok ? 0 : 1;
