#!/bin/sh
# Stryker's build step, in its sandbox: it runs before Stryker would link node_modules, and
# tsc needs the types, so the sandbox gets its link here (symlinkNodeModules is off).
set -e
[ -e node_modules ] || ln -s "$RUNNER_POWER_NODE_MODULES" node_modules
exec node_modules/.bin/tsc -p tsconfig.build.json
