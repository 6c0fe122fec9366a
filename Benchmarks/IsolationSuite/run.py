#!/usr/bin/env python3
"""Measures what `@Test(.isolatedShared)` adds to a test suite, beside
swift-dependencies' `.dependencies` trait, against the same suite with its dependencies passed
as `init` parameters.

  Benchmarks/IsolationSuite/run.py [--runs 14] [--cases 2200] [--work 400]
  Benchmarks/IsolationSuite/run.py --two-boxes        # 201 plain tests, two boxes, 5 runs
  Benchmarks/IsolationSuite/run.py --scale [--runs 5]

The suite is generated (generate.py) into .build-isolation-suite/, built once in debug (as
tests run), and its test binary is run for one variant at a time, the variants alternating, each
run a fresh process (`--testing-library swift-testing --filter <variant>`). Reported: the median
wall time of each variant, its ratio to the baseline's, the extra per test case, and the median
CPU time of the process (user + system: steadier than wall time on a busy machine).
"""
import argparse
import os
import resource
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
parser.add_argument("--arguments", type=int, default=50,
                    help="arguments per parameterized test; 1 writes plain tests")
parser.add_argument("--dependencies", type=int, choices=(2, 3), default=3)
parser.add_argument("--two-boxes", action="store_true",
                    help="201 plain tests, each overriding and reading two boxes, 5 runs")
parser.add_argument("--scale", action="store_true",
                    help="cases 100…10,000, extra boxes 10…1,000, 1 and 8 tests at once")
args = parser.parse_args()
if args.two_boxes:
    args.cases, args.arguments, args.dependencies = 201, 1, 2
    if "--runs" not in sys.argv:
        args.runs = 5

VARIANTS = {
    "baseline": "BaselineTests",
    "isolatedShared": "IsolatedSharedTests",
    "dependencies": "DependenciesTraitTests",
}


def prepare(cases, extra, work, arguments=50, dependencies=3):
    out = os.path.join(root, ".build-isolation-suite",
                       f"c{cases}-b{extra}-w{work}-a{arguments}-d{dependencies}")
    subprocess.run([sys.executable, os.path.join(here, "generate.py"), out, "--root", root,
                    "--cases", str(cases), "--extra-boxes", str(extra), "--work", str(work),
                    "--arguments", str(arguments), "--dependencies", str(dependencies)],
                   check=True)
    print(f"building {out} …", file=sys.stderr)
    subprocess.run(["swift", "build", "--build-tests", "--package-path", out], check=True,
                   stdout=subprocess.DEVNULL)
    return os.path.join(out, ".build", "debug", "IsolationSuitePackageTests.xctest")


def run_once(binary, target, width):
    env = dict(os.environ)
    if width:
        env["SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH"] = str(width)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([binary, "--testing-library", "swift-testing", "--filter",
                             f"{target}\\."], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if result.returncode != 0 or "passed" not in result.stdout + result.stderr:
        sys.exit(f"{target} failed:\n{result.stdout[-2000:]}{result.stderr[-2000:]}")
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return wall, cpu


def measure(binary, variants, runs, width=None, cpu_times=None):
    times = {v: [] for v in variants}
    cpus = {v: [] for v in variants}
    for run in range(runs):
        order = variants[run % len(variants):] + variants[:run % len(variants)]
        for variant in order:
            wall, cpu = run_once(binary, VARIANTS[variant], width)
            times[variant].append(wall)
            cpus[variant].append(cpu)
    if cpu_times is not None:
        cpu_times.update({v: statistics.median(t) for v, t in cpus.items()})
    return {v: statistics.median(t) for v, t in times.items()}, times


if not args.scale:
    binary = prepare(args.cases, args.extra_boxes, args.work, args.arguments, args.dependencies)
    cpu = {}
    medians, times = measure(binary, list(VARIANTS), args.runs, cpu_times=cpu)
    base = medians["baseline"]
    print(f"\n{args.cases} test cases ({args.arguments} per test), {args.dependencies} boxes "
          f"each, {args.extra_boxes} extra boxes, work {args.work}, {args.runs} rotated runs, "
          f"median wall time; load average {os.getloadavg()[0]:.2f} at the end\n")
    print("| variant | median wall | × baseline | extra per test case | median CPU time | "
          "× baseline |")
    print("|---|--:|--:|--:|--:|--:|")
    for variant, median in medians.items():
        extra = (median - base) / args.cases * 1000
        print(f"| {variant} | {median:.3f} s | {median / base:.2f}× | {extra:.3f} ms | "
              f"{cpu[variant]:.3f} s | {cpu[variant] / cpu['baseline']:.2f}× |")
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
