#!/usr/bin/env bash
# Makes the README's screenshots with the same tools the browser tests use: a replay page and a
# tournament report, drawn by headless Chromium. Run from the repository: docs/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
juiz=${JUIZ:-target/release/juiz}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shot() { # shot URL OUT WIDTH HEIGHT
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync --hide-scrollbars \
    --user-data-dir="$work/profile" --window-size="$3,$4" --screenshot="$2" "$1" 2>/dev/null
}
# A replay page: one game of buraco-stbl, shown at step 120 as seat 0 sees it.
"$juiz" play --game buraco-stbl --seed 5 --silent --log "$work/game.csv" bots/stbl_bot.py bots/stbl_bot.py
"$juiz" replay "$work/game.csv" --html "$work/game.html"
shot "file://$work/game.html#step=120&view=0" docs/viewer.png 1400 900
# A report: a small tournament in which one bot writes HTML instead of moves (it faults).
cat > "$work/t.json" <<JSON
{"name": "report-demo", "games_per_pairing": 4, "bots": [
 {"name": "template", "command": "$PWD/bots/template.c"},
 {"name": "random", "command": "python3 $PWD/bots/random_bot.py"},
 {"name": "html_writer", "command": "python3 $PWD/tests/fixtures/bot/html_writer.py"}]}
JSON
"$juiz" tournament "$work/t.json" --out "$work/results" >/dev/null
shot "file://$work/results/report.html" docs/report.png 1200 1300
echo "wrote docs/viewer.png docs/report.png"
