#!/usr/bin/env python3
"""Measures what `@Test(.isolatedShared)` adds to a test suite, beside
swift-dependencies' `.dependencies` trait, against the same suite with its dependencies passed
as `init` parameters.

  Benchmarks/IsolationSuite/run.py [--runs 14] [--cases 2200] [--work 400]
  Benchmarks/IsolationSuite/run.py --scale [--runs 5]

The suite is generated (generate.py) into .build-isolation-suite/, built once in debug (as
tests run), and its test binary is run for one variant at a time, the variants alternating, each
run a fresh process (`--testing-library swift-testing --filter <variant>`). Reported: the median
wall time of each variant, its ratio to the baseline's, and the extra per test case.
"""
import argparse
import os
import statistics
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.abspath(os.path.join(here, "..", ".."))
parser = argparse.ArgumentParser()
parser.add_argument("--runs", type=int, default=14)
parser.add_argument("--cases", type=int, default=2200)
parser.add_argument("--work", type=int, default=400)
parser.add_argument("--extra-boxes", type=int, default=10)
parser.add_argument("--scale", action="store_true",
                    help="cases 100…10,000, extra boxes 10…1,000, 1 and 8 tests at once")
args = parser.parse_args()

VARIANTS = {
    "baseline": "BaselineTests",
    "isolatedShared": "IsolatedSharedTests",
    "dependencies": "DependenciesTraitTests",
}


def prepare(cases, extra, work):
    out = os.path.join(root, ".build-isolation-suite", f"c{cases}-b{extra}-w{work}")
    subprocess.run([sys.executable, os.path.join(here, "generate.py"), out, "--root", root,
                    "--cases", str(cases), "--extra-boxes", str(extra), "--work", str(work)],
                   check=True)
    print(f"building {out} …", file=sys.stderr)
    subprocess.run(["swift", "build", "--build-tests", "--package-path", out], check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(out, ".build", "debug", "IsolationSuitePackageTests.xctest")


def run_once(binary, target, width):
    env = dict(os.environ)
    if width:
        env["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"] = str(width)
    start = time.perf_counter()
    result = subprocess.run([binary, "--testing-library", "swift-testing", "--filter",
                             f"{target}\\."], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if result.returncode != 0 or "passed" not in result.stdout + result.stderr:
        sys.exit(f"{target} failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    return wall


def measure(binary, variants, runs, width=None):
    times = {v: [] for v in variants}
    for run in range(runs):
        order = variants[run % len(variants):] + variants[:run % len(variants)]
        for variant in order:
            times[variant].append(run_once(binary, VARIANTS[variant], width))
    return {v: statistics.median(t) for v, t in times.items()}, times


if not args.scale:
    binary = prepare(args.cases, args.extra_boxes, args.work)
    medians, times = measure(binary, list(VARIANTS), args.runs)
    base = medians["baseline"]
    print(f"\n{args.cases} test cases, {args.extra_boxes} extra boxes, work {args.work}, "
          f"{args.runs} alternating runs, median wall time\n")
    print("| variant | median wall | × baseline | extra per test case |")
    print("|---|--:|--:|--:|")
    for variant, median in medians.items():
        extra = (median - base) / args.cases * 1000
        print(f"| {variant} | {median:.3f} s | {median / base:.2f}× | {extra:.3f} ms |")
    print("\nall runs (s):")
    for variant, values in times.items():
        print(f"  {variant}: " + " ".join(f"{v:.3f}" for v in values))
else:
    print("| test cases | boxes in the process | tests at once | baseline | isolatedShared | × | "
          "extra per test case |")
    print("|--:|--:|--:|--:|--:|--:|--:|")
    for cases in (100, 1000, 10000):
        for extra in (10, 1000):
            binary = prepare(cases, extra, args.work)
            for width in (1, 8):
                medians, _ = measure(binary, ["baseline", "isolatedShared"], args.runs, width)
                base, isolated = medians["baseline"], medians["isolatedShared"]
                print(f"| {cases} | {extra + 3} | {width} | {base:.3f} s | {isolated:.3f} s | "
                      f"{isolated / base:.2f}× | {(isolated - base) / cases * 1000:.3f} ms |",
                      flush=True)
