#!/usr/bin/env bash
# What a launch hand-off costs a launched process: the root package's launch fixture,
# built in release twice, side by side — as shipped (the receiver compiled out) and with the
# trait LaunchHandoffInRelease (the receiver in) — each launched with and without a hand-off
# (10 stubs, a constant date, incrementing UUIDs, a seeded generator, user defaults, a scenario),
# the four variants interleaved in random order, N rounds (default 200). Prints a Markdown table
# of the CPU time and the wall time per launch.
#
#   bash Benchmarks/LaunchHandoff/measure.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-200}

swift build -c release --product shared-instances-launch-fixture >/dev/null
swift build -c release --product shared-instances-launch-fixture \
  --scratch-path .build-launch-trait --traits LaunchHandoffInRelease >/dev/null
shipped="$(swift build -c release --show-bin-path)/shared-instances-launch-fixture"
trait=".build-launch-trait/release/shared-instances-launch-fixture"

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
chmod 700 "$dir"
token=$(cat /proc/sys/kernel/random/uuid)
( umask 077; : >"$dir/report.jsonl" )
python3 - "$dir" "$token" "$(id -u)" <<'PY'
import base64, json, os, sys
folder, token, uid = sys.argv[1], sys.argv[2], int(sys.argv[3])
b64 = lambda text: base64.b64encode(text.encode()).decode()
stubs = [{
    "matcher": {"url": {"exact": {"_0": f"https://example.com/{i}"}}, "method": "GET",
                "headers": {}, "query": {}},
    "responses": [{"status": 200, "headers": {}, "body": b64(f"body {i}"), "delayMilliseconds": 0}],
} for i in range(10)]
envelope = {
    "format": "shared-instances-launch-handoff", "version": 1, "token": token, "owner": uid,
    "reportPath": f"{folder}/report.jsonl",
    "handoff": {
        "stubs": stubs, "date": {"constant": {"_0": 86400}}, "uuid": {"incrementing": {}},
        "random": {"seeded": {"_0": 7}}, "userDefaults": {"greeting": {"string": {"_0": "hi"}}},
        "freshDirectories": False, "overrides": {}, "scenarioName": "greeting",
        "scenarioParameters": b64(json.dumps({"text": "measured"})), "isStrict": False,
    },
}
path = f"{folder}/handoff.json"
descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
os.write(descriptor, json.dumps(envelope).encode())
os.close(descriptor)
PY

python3 - "$shipped" "$trait" "$dir/handoff.json" "$token" "$rounds" <<'PY'
import os, random, resource, statistics, subprocess, sys, time
shipped, trait, path, token, rounds = sys.argv[1:6]
rounds = int(rounds)
base = {k: v for k, v in os.environ.items() if not k.startswith("SHARED_INSTANCES_")}
handoff = dict(base, SHARED_INSTANCES_LAUNCH_HANDOFF=path, SHARED_INSTANCES_LAUNCH_TOKEN=token)
command = ["launched", "date", "uuid", "greeting"]
variants = [
    ("release, as shipped, launched without a hand-off", shipped, base, "launched false"),
    ("release, as shipped, launched with a hand-off (ignored)", shipped, handoff, "launched false"),
    ("release + `LaunchHandoffInRelease`, without a hand-off", trait, base, "launched false"),
    ("release + `LaunchHandoffInRelease`, with a hand-off", trait, handoff, "launched true"),
]
for name, binary, env, first in variants:
    out = subprocess.run([binary] + command, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.splitlines()[0] == first, (name, out.stdout, out.stderr)
    if first == "launched true":
        assert "greeting measured" in out.stdout and "date 86400.0" in out.stdout, out.stdout
# Wall time swings with the machine's load; the CPU time the process spent (user + system, from
# getrusage) does much less, so both are shown.
times = {name: [] for name, *_ in variants}
cpu = {name: [] for name, *_ in variants}
for _ in range(rounds):
    order = list(variants)
    random.shuffle(order)
    for name, binary, env, _ in order:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run([binary] + command, env=env, stdout=subprocess.DEVNULL, check=True)
        times[name].append((time.perf_counter() - start) * 1000)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu[name].append((after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000)
base_cpu = statistics.median(cpu[variants[0][0]])
base_wall = min(times[variants[0][0]])
print(f"| launch ({rounds} each, interleaved) | CPU ms, median | vs. first row | wall ms, min | vs. first row | wall ms, median |")
print("|---|--:|--:|--:|--:|--:|")
for name, *_ in variants:
    median_cpu = statistics.median(cpu[name])
    fastest = min(times[name])
    print(f"| {name} | {median_cpu:.2f} | {median_cpu - base_cpu:+.2f} | {fastest:.2f} | "
          f"{fastest - base_wall:+.2f} | {statistics.median(times[name]):.2f} |")
PY
