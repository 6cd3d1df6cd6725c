#!/bin/sh
# A CI matrix on one machine: one mock, N jobs side by side, each in its own
# world. MCS_MOCK_CMD starts the mock (default: npx mcs-mock), MCS_JOB_CMD runs
# one job (default: npx tsx ci-job.ts beside this file).
set -eu
N=${N:-4}
PORT=${PORT:-4010}
HERE=$(cd "$(dirname "$0")" && pwd)
MOCK_URL="http://127.0.0.1:$PORT"

${MCS_MOCK_CMD:-npx mcs-mock} --port "$PORT" >/dev/null &
MOCK=$!
trap 'kill "$MOCK" 2>/dev/null' EXIT INT TERM
tries=0
until curl -sf "$MOCK_URL/__mock/worlds" >/dev/null; do
  tries=$((tries + 1))
  [ "$tries" -lt 150 ] || { echo "the mock did not start" >&2; exit 1; }
  sleep 0.2
done

pids=""
for i in $(seq 1 "$N"); do
  MCS_MOCK_URL=$MOCK_URL MCS_WORLD="job-$i" ${MCS_JOB_CMD:-npx tsx "$HERE/ci-job.ts"} &
  pids="$pids $!"
done
failed=0
for pid in $pids; do wait "$pid" || failed=1; done
curl -s "$MOCK_URL/__mock/worlds"
echo
exit "$failed"
