#!/bin/sh
# Stryker's command for one mutant. Ids outside the sample (or already measured, on --resume)
# exit 0 at once and are left out of the report; the dry run (no active mutant) runs in full.
if [ -n "$__STRYKER_ACTIVE_MUTANT__" ] && ! grep -qx "$__STRYKER_ACTIVE_MUTANT__" "$RUNNER_POWER_OUT/to-run.txt"; then
  exit 0
fi
exec "$RUNNER_POWER_NODE" dist/power/mutant-run.js
