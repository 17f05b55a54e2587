#!/usr/bin/env python3
"""Plays the same games under the course's original referee (buraco.js) and under juiz, and checks
that every bot receives and sends the same lines, in the same order.

Not part of `cargo test` (it needs Node.js and a copy of buraco.js from the course repository,
amccampos/itp-prj-2020.2, which juiz does not ship). Usage:

    cargo build --release
    python3 tests/compat/compare_original.py --buraco-js PATH/buraco.js \
        --bot smart=PATH/smart --bot template=PATH/template \
        --players smart,template --seeds 100:200

For each seed: the original plays with `-silent -seed S`; wrappers record each bot's input and
output; juiz plays the same seed (`--seed S --log`, no deal file: juiz shuffles ITP as buraco.js
does, so the same seed deals the same cards and starts the same player); each seat's input
(juiz's `>` rows) and output (`<` rows) are compared with the original's, line by line.
Result lines differ only where juiz deliberately fixes the original's hand penalty (Q4: a hand of
7+ cards left at the end is charged 100 or 200 more by buraco.js); this is checked too.
"""
import argparse
import csv
import os
import shutil
import subprocess
import sys
import tempfile

NAMES = "abcd"


def lines(path):
    with open(path, encoding="utf-8") as f:
        return f.read().split("\n")[:-1]


def wrapper(directory, name, binary):
    path = os.path.join(directory, name)
    with open(path, "w") as f:
        f.write(f'#!/bin/sh\ntee -a "{path}.in" | "{binary}" | tee -a "{path}.out"\n')
    os.chmod(path, 0o755)


def play(args, seed, kinds, work):
    n = len(kinds)
    o = os.path.join(work, f"orig-{seed}")
    j = os.path.join(work, f"juiz-{seed}")
    for d in (o, j):
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        for name, kind in zip(NAMES, kinds):
            wrapper(d, name, args.bots[kind])
    seats = [f"./{NAMES[i]}" for i in range(n)]
    orig = subprocess.run(["node", args.buraco_js, "-silent", "-seed", str(seed)] + seats, cwd=o,
                          capture_output=True, text=True, timeout=300).stdout.strip()
    ins = [lines(os.path.join(o, f"{NAMES[i]}.in")) for i in range(n)]
    ids = ins[0][0].split(" ")
    # --no-sandbox: the wrappers record the streams in their own folder and run a bot stored
    # elsewhere, which the sandbox forbids (juiz's side is read from its transcript anyway).
    ours = subprocess.run([args.juiz, "play", "--silent", "--no-sandbox", "--seed", str(seed), "--log", "log.csv"]
                          + seats, cwd=j, capture_output=True, text=True, timeout=300)
    rows = list(csv.DictReader(open(os.path.join(j, "log.csv"), encoding="utf-8")))
    problems = []
    for i in range(n):
        for ext, direction in (("in", ">"), ("out", "<")):
            a = lines(os.path.join(o, f"{NAMES[i]}.{ext}"))
            b = [r["text"] for r in rows if r["seat"] == ids[i] and r["dir"] == direction]
            if a != b:
                k = next((x for x in range(min(len(a), len(b))) if a[x] != b[x]), min(len(a), len(b)))
                problems.append(f"seat {i} {'input' if ext == 'in' else 'output'} differs at line {k + 1}: "
                                f"original {a[k:k + 1]}, juiz {b[k:k + 1]}")
    line = ours.stdout.strip()
    diffs = [int(x) - int(y) for x, y in zip(orig.split(" ")[2:4], line.split(" ")[2:4])]
    if len(diffs) != 2 or not all(d in (0, -100, -200, -300, -400) for d in diffs):
        problems.append(f"scores not explained by Q4: original '{orig}', juiz '{line or ours.stderr.strip()}'")
    return problems, sum(len(x) for x in ins), orig.split(" ")[4:] == line.split(" ")[4:]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--buraco-js", required=True)
    parser.add_argument("--juiz", default="target/release/juiz")
    parser.add_argument("--bot", action="append", required=True, help="NAME=EXECUTABLE")
    parser.add_argument("--players", required=True, help="comma-separated NAMEs, 2 or 4")
    parser.add_argument("--seeds", default="1:51", help="FIRST:END")
    args = parser.parse_args()
    args.bots = {k: os.path.abspath(v) for k, v in (b.split("=", 1) for b in args.bot)}
    args.juiz = os.path.abspath(args.juiz)
    args.buraco_js = os.path.abspath(args.buraco_js)
    kinds = args.players.split(",")
    first, end = map(int, args.seeds.split(":"))
    same = lines_seen = winners = 0
    with tempfile.TemporaryDirectory() as work:
        for seed in range(first, end):
            problems, seen, winner = play(args, seed, kinds, work)
            lines_seen += seen
            winners += winner
            same += not problems
            for p in problems:
                print(f"seed {seed}: {p}")
    total = end - first
    print(f"{args.players}: {same}/{total} games identical ({lines_seen} lines sent by the original), "
          f"same winner in {winners} (the others differ by the Q4 hand penalty only)")
    sys.exit(0 if same == total else 1)


if __name__ == "__main__":
    main()
