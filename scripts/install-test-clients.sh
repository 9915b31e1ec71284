#!/usr/bin/env bash
# Installs the assistant command lines the client matrix drives, each at the exact version pinned
# in test/clients/pinned-clients.json, into a cache outside the repository:
# ${SURVEY_MCP_CLIENT_CACHE:-$HOME/.cache/survey-mcp/clients}/<name>@<version>. A version already
# there is kept, so each one is installed once; test/clients/installed-client.ts reads the same
# cache and fails a test whose client is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${SURVEY_MCP_CLIENT_CACHE:-$HOME/.cache/survey-mcp/clients}"
mkdir -p "$cache"

node -e 'for (const [name, version] of Object.entries(require("./test/clients/pinned-clients.json"))) console.log(name, version)' |
  while read -r name version; do
    dir="$cache/$name@$version"
    if [ -f "$dir/.installed" ]; then
      printf '%s@%s: already in %s\n' "$name" "$version" "$dir"
      continue
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    start=$SECONDS
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error --save-exact "$name@$version" >/dev/null
    # Written last: a half-finished install is redone on the next run.
    touch "$dir/.installed"
    printf '%s@%s: installed in %ss into %s\n' "$name" "$version" "$((SECONDS - start))" "$dir"
  done
