#!/bin/sh
# The test suite's own mutation score for one area of power/suite-areas.json, e.g.
#   sh power/suite-score.sh platform
# Niced, one test runner at a time; the report goes to reports/suite-score/AREA.json.
set -e
[ $# -eq 1 ] || { echo "usage: sh power/suite-score.sh AREA (an area of power/suite-areas.json)" >&2; exit 2; }
nice -n 19 npm run build >/dev/null
SUITE_AREA="$1" exec nice -n 19 node node_modules/@stryker-mutator/core/bin/stryker.js run power/stryker-suite.config.mjs
