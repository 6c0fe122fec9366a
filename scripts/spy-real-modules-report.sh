#!/usr/bin/env bash
# How generate-spies does on REAL modules: spies generated from the real symbol graphs
# of packages this machine keeps locally, compiled the way users compile them, in a test target of
# another module that depends on the real package (SpyCorpus/RealModules/Light and Heavy).
#
# For each package:
#   1. clears every test target's Generated/ folder and builds the package (placeholders only);
#   2. extracts each measured module's symbol graph from the build folder with
#      swift-symbolgraph-extract, with the options the generate-spies plugin asks SwiftPM for
#      (internal and up, SPI, no synthesized members), and, as the plugin does for a target's
#      dependencies, the graphs (the same options) of the package's modules its protocols refine;
#   3. runs generate-spies TWICE on each module's graph, into two folders: the two outputs,
#      diagnostics and exit statuses must be identical;
#   4. copies the spies of the module's PUBLIC protocols (a user sees no other protocol of a
#      dependency) into <Module>Spies/Generated/, builds the test targets, and takes out every spy
#      the compiler reports an error in, rebuilding until the build passes: what is left compiles
#      together, in Swift 6 mode, beside the real module;
#   5. prints, per module: public protocols (underscored ones apart, not counted), spies that
#      compile, refused with a diagnostic (and each reason), spies that do not compile (goal 0),
#      protocols with neither (goal 0), spies with compiler warnings, spies that
#      `swift format lint --strict` rejects, the tool's time (the faster of the two runs), and
#      whether the two runs were identical.
#
#   bash scripts/spy-real-modules-report.sh [--ci] [--package Light|Heavy]… [--module M]…
#                                           [--generator <executable>] [--write-report] [--quiet]
#
#   --ci            the light package, which CI has time for (CI_MODULES below); fails if a spy
#                   does not compile, a protocol gets neither a spy nor a diagnostic, or two runs
#                   differ
#   --package       only this package (repeatable; default Light and Heavy, or Light with --ci)
#   --module        only this module (repeatable)
#   --generator     use this generate-spies instead of building the root package's (debug)
#   --write-report  also write the table to SpyCorpus/RealModules/REPORT.md's measured section
#   --quiet         print the table and what fails the run only, not each diagnostic
#
# Without --ci the script exits non-zero for the same reasons. Scratch: <package>/.build/
# spy-real-report/ (graphs/, run1/, run2/ (what the tool wrote), failed/ (spies taken out, with
# their errors), build-N.log, report.md).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/SpyCorpus/RealModules"
# Module lists: <package>:<module>, in report order.
ALL_MODULES=(
  Light:AppNetworking Light:Logging Light:CoreMetrics Light:Metrics
  Light:ServiceContextModule Light:Instrumentation Light:Tracing Light:ServiceLifecycle
  Light:ArgumentParser Light:OpenAPIRuntime
  Heavy:NIOCore Heavy:NIOPosix Heavy:AsyncHTTPClient Heavy:HummingbirdCore Heavy:Hummingbird
  Heavy:Dependencies Heavy:Vapor
)
CI_MODULES=(
  Light:AppNetworking Light:Logging Light:CoreMetrics Light:Metrics
  Light:ServiceContextModule Light:Instrumentation Light:Tracing Light:ServiceLifecycle
  Light:ArgumentParser Light:OpenAPIRuntime
)
ci=false
packages=()
modules=()
generator=""
write_report=false
quiet=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --ci) ci=true; shift ;;
    --package) packages+=("$2"); shift 2 ;;
    --module) modules+=("$2"); shift 2 ;;
    --generator) generator=$2; shift 2 ;;
    --write-report) write_report=true; shift ;;
    --quiet) quiet=true; shift ;;
    -h | --help) sed -n '2,35p' "$0"; exit 0 ;;
    *) echo "spy-real-modules-report: unknown argument $1" >&2; exit 64 ;;
  esac
done
if $ci; then selected=("${CI_MODULES[@]}"); else selected=("${ALL_MODULES[@]}"); fi
if [[ ${#packages[@]} -eq 0 ]]; then
  packages=(Light)
  $ci || packages+=(Heavy)
fi

if [[ -z "$generator" ]]; then
  echo "== building generate-spies (root package, debug)" >&2
  (cd "$root" && swift build --product generate-spies >/dev/null)
  generator="$(cd "$root" && swift build --product generate-spies --show-bin-path)/generate-spies"
fi
[[ -x "$generator" ]] || { echo "spy-real-modules-report: no executable at $generator" >&2; exit 66; }

status=0
reports=()
for package in "${packages[@]}"; do
  list=()
  for entry in "${selected[@]}"; do
    [[ "${entry%%:*}" == "$package" ]] || continue
    module=${entry#*:}
    if [[ ${#modules[@]} -gt 0 ]] && [[ ! " ${modules[*]} " == *" $module "* ]]; then continue; fi
    list+=("$module")
  done
  [[ ${#list[@]} -gt 0 ]] || continue
  folder="$corpus/$package"
  [[ -f "$folder/Package.swift" ]] || { echo "spy-real-modules-report: no package $folder" >&2; exit 66; }
  set +e
  python3 - "$folder" "$generator" "$ci" "$quiet" "${list[@]}" <<'PYTHON'
import filecmp, json, os, re, shutil, subprocess, sys, time

folder, generator, ci, quiet = sys.argv[1:5]
modules = sys.argv[5:]
quiet = quiet == "true"
ci = ci == "true"
package = os.path.basename(folder)
work = os.path.join(folder, ".build", "spy-real-report")
tests = os.path.join(folder, "Tests")


def log(message):
    print(f"== {package}: {message}", file=sys.stderr, flush=True)


def run(arguments, log_file=None, **kw):
    out = subprocess.run(arguments, cwd=folder, capture_output=True, text=True, **kw)
    if log_file:
        with open(log_file, "w") as f:
            f.write(out.stdout + out.stderr)
    return out


def generated(module):
    return os.path.join(tests, f"{module}Spies", "Generated")


# 1. A clean slate: no spy left from an earlier run, then the package and its dependencies.
shutil.rmtree(work, ignore_errors=True)
for name in os.listdir(tests):
    shutil.rmtree(os.path.join(tests, name, "Generated"), ignore_errors=True)
os.makedirs(work)
started = time.monotonic()
targets = sorted(name for name in os.listdir(tests) if name.endswith("Spies"))
everything = sorted(f"{module}Spies" for module in modules) == targets


def build(log_file):
    """Builds the measured modules' test targets: all at once, or one by one for a subset (CI)."""
    if everything:
        return run(["swift", "build", "--build-tests"], log_file)
    outputs = [run(["swift", "build", "--target", f"{module}Spies"]) for module in modules]
    out = subprocess.CompletedProcess(
        [], max(o.returncode for o in outputs), "".join(o.stdout for o in outputs),
        "".join(o.stderr for o in outputs))
    with open(log_file, "w") as f:
        f.write(out.stdout + out.stderr)
    return out


log("building the package and its dependencies (spies not generated yet)")
out = build(os.path.join(work, "build-0.log"))
if out.returncode != 0:
    print(out.stdout[-4000:] + out.stderr[-4000:], file=sys.stderr)
    sys.exit("spy-real-modules-report: the package does not build without spies")

# 2. Symbol graphs, as the plugin asks SwiftPM for its targets' (internal and up, SPI, no
# synthesized members: underscored public requirements such as `Channel._channelCore` are in it, and a spy
# must implement them). `swift package dump-symbol-graph` covers the root package's modules only,
# so swift-symbolgraph-extract reads each module from the build folder, as SwiftPM runs it.
bin = run(["swift", "build", "--show-bin-path"]).stdout.strip()
triple = json.loads(run(["swiftc", "-print-target-info"]).stdout)["target"]["triple"]
extract = ["swift-symbolgraph-extract", "-target", triple, "-I", os.path.join(bin, "Modules"),
           "-minimum-access-level", "internal", "-skip-synthesized-members",
           "-include-spi-symbols"]
for name in sorted(os.listdir(bin)):
    module_map = os.path.join(bin, name, "module.modulemap")
    if name.endswith(".build") and os.path.exists(module_map):
        extract += ["-Xcc", f"-fmodule-map-file={module_map}"]
checkouts = os.path.join(folder, ".build", "checkouts")
for directory, subdirectories, files in sorted(os.walk(checkouts)):
    if os.path.basename(directory) == "include" and "/Sources/" in directory:
        extract += ["-Xcc", f"-I{directory}"]
        if "module.modulemap" in files:
            extract += ["-I", directory]
graphs = {}
for module in modules:
    output = os.path.join(work, "graphs", module)
    os.makedirs(output)
    o = run(extract + ["-module-name", module, "-output-dir", output],
            os.path.join(work, f"extract-{module}.log"))
    graph = os.path.join(output, f"{module}.symbols.json")
    if o.returncode != 0 or not os.path.exists(graph):
        print(o.stdout[-3000:] + o.stderr[-3000:], file=sys.stderr)
        sys.exit(f"spy-real-modules-report: no symbol graph for {module}")
    graphs[module] = graph

# The plugin also hands the tool the graphs of the target's dependencies (internal and up, SPI,
# no synthesized members), so that a protocol refining one of their protocols gets a spy that
# implements the parent's requirements. Here: the modules of this build that the graph's
# relationships point into (Tracing's `Tracer: Instrumentation.Instrument`), each extracted so.
takes_dependencies = "--dependency-graph" in subprocess.run(
    [generator, "--help"], capture_output=True, text=True).stdout
built = {f[: -len(".swiftmodule")] for f in os.listdir(os.path.join(bin, "Modules"))
         if f.endswith(".swiftmodule")}
dependency_graphs = {}


def dependency_graph(name):
    if name not in dependency_graphs:
        output = os.path.join(work, "dependency-graphs", name)
        os.makedirs(output)
        o = run(extract + ["-module-name", name, "-output-dir", output],
                os.path.join(work, f"extract-dependency-{name}.log"))
        graph = os.path.join(output, f"{name}.symbols.json")
        dependency_graphs[name] = graph if o.returncode == 0 and os.path.exists(graph) else None
    return dependency_graphs[name]


def dependencies_of(module):
    if not takes_dependencies:
        return []
    graph = json.load(open(graphs[module]))
    own = {s["identifier"]["precise"] for s in graph["symbols"]}
    names = set()
    for r in graph["relationships"]:
        fallback = r.get("targetFallback")
        if r["target"] not in own and fallback and "." in fallback:
            name = fallback.split(".")[0]
            if name != module and name in built:
                names.add(name)
    return [g for g in (dependency_graph(n) for n in sorted(names)) if g]

# 3. generate-spies twice per module.
results = {}
for module in modules:
    r = results[module] = {"module": module}
    graph = graphs[module]
    symbols = json.load(open(graph))["symbols"]
    # The protocols a user of the module sees; underscored ones (implementation details, such as
    # `_SwiftLogSendableLogHandler`) are listed apart and not counted.
    protocols = {
        ".".join(s["pathComponents"]): s["accessLevel"]
        for s in symbols
        if s["kind"]["identifier"] == "swift.protocol"
    }
    public = sorted(p for p, a in protocols.items() if a in ("public", "open"))
    r["protocols"] = [p for p in public if not p.split(".")[-1].startswith("_")]
    r["underscored"] = [p for p in public if p.split(".")[-1].startswith("_")]
    r["internal"] = sorted(p for p in protocols if p not in public)
    r["dependencies"] = dependencies_of(module)
    runs = []
    for n in (1, 2):
        output = os.path.join(work, f"run{n}", module)
        os.makedirs(output)
        arguments = [generator, "--symbol-graph", graph, "--output", output,
                     "--command", f"scripts/spy-real-modules-report.sh --module {module}"]
        for dependency in r["dependencies"]:
            arguments += ["--dependency-graph", dependency]
        t = time.monotonic()
        o = subprocess.run(arguments, capture_output=True, text=True)
        runs.append((time.monotonic() - t, o.returncode, o.stdout, o.stderr))
    r["seconds"] = min(t for t, *_ in runs)
    r["exit"] = runs[0][1]
    comparison = filecmp.dircmp(os.path.join(work, "run1", module), os.path.join(work, "run2", module))
    same_files = not (comparison.left_only or comparison.right_only or comparison.diff_files
                      or comparison.funny_files)
    r["deterministic"] = same_files and runs[0][1:] == runs[1][1:]
    diagnostics = [l for l in runs[0][3].splitlines() if l.strip()]
    r["diagnostics"] = diagnostics
    # Which protocol each spy is for: the generated file says so in its doc comment.
    spies = {}
    for f in sorted(os.listdir(os.path.join(work, "run1", module))):
        if not f.endswith(".swift"):
            continue
        text = open(os.path.join(work, "run1", module, f)).read()
        m = re.search(r"A spy for the (?:protocol|class) `([^`]+)`", text)
        spies[f] = m.group(1) if m else f[: -len("Spy.swift")]
    r["spies"] = spies
    # Only the spies of protocols a user sees are compiled (an internal protocol's spy would need
    # `@testable import` of a dependency).
    os.makedirs(generated(module))
    for f, p in spies.items():
        if p in public or p.split(".")[-1] in {q.split(".")[-1] for q in public}:
            shutil.copy(os.path.join(work, "run1", module, f), generated(module))
    names = ", ".join(os.path.basename(g)[: -len(".symbols.json")] for g in r["dependencies"])
    log(f"{module}: {len(r['protocols'])} public protocols, {len(spies)} spies written, "
        f"{r['seconds']:.2f} s, exit {r['exit']}"
        + (f", dependency graphs: {names}" if names else ""))

# 4. Build; take out each spy with an error; build again until it passes.
failed = {module: {} for module in modules}
error_line = re.compile(r"^(/[^:]+/Tests/(\w+)Spies/Generated/([^/:]+\.swift)):(\d+):(\d+): error: (.*)$")
warning_line = re.compile(r"^(/[^:]+/Tests/(\w+)Spies/Generated/([^/:]+\.swift)):(\d+):(\d+): warning: (.*)$")
warnings = {}
for attempt in range(1, 40):
    log(f"building the spies (pass {attempt})")
    build_log = os.path.join(work, f"build-{attempt}.log")
    out = build(build_log)
    text = out.stdout + out.stderr
    for line in text.splitlines():
        m = warning_line.match(line)
        if m and m.group(2) in failed:
            warnings.setdefault((m.group(2), m.group(3)), m.group(6))
    if out.returncode == 0:
        break
    errors = {}
    for line in text.splitlines():
        m = error_line.match(line)
        if m and m.group(2) in failed:
            errors.setdefault((m.group(2), m.group(3)), []).append(
                f"{m.group(3)}:{m.group(4)}: {m.group(6)}")
    if not errors:
        print(text[-6000:], file=sys.stderr)
        sys.exit("spy-real-modules-report: the build fails outside the generated spies")
    for (module, f), lines in errors.items():
        source = os.path.join(generated(module), f)
        declaration_lines = open(source).read().splitlines()
        destination = os.path.join(work, "failed", module)
        os.makedirs(destination, exist_ok=True)
        shutil.move(source, os.path.join(destination, f))
        with open(os.path.join(destination, f + ".errors"), "w") as e:
            e.write("\n".join(lines) + "\n")
        failed[module][f] = lines
else:
    sys.exit("spy-real-modules-report: the build still fails after 39 passes")

# Whether the spies that compile are also `swift format lint --strict` clean (users commit them).
unlinted = {}
for module in modules:
    o = run(["swift", "format", "lint", "--strict", "-r", generated(module)])
    for line in (o.stdout + o.stderr).splitlines():
        m = re.match(r"^.*/Generated/([^/:]+\.swift):\d+:\d+: (?:error|warning): (.*)$", line)
        if m:
            unlinted.setdefault((module, m.group(1)), m.group(2))

# 5. Report.
def same(protocol, name):
    """Whether a spy or a diagnostic naming `name` is about `protocol` (a path such as A.B.P)."""
    return name == protocol or name == protocol.split(".")[-1] or protocol.endswith("." + name)


rows = []
total = dict(protocols=0, compiling=0, refused=0, failing=0, neither=0, warned=0, unlinted=0,
             underscored=0)
details = []
for module in modules:
    r = results[module]
    spy_of = r["spies"]
    compiled = {f: p for f, p in spy_of.items()
                if os.path.exists(os.path.join(generated(module), f))}
    refused = {}
    for line in r["diagnostics"]:
        m = re.match(r"(?:error|warning): No spy for (?:protocol )?([\w.]+?)[:,]\s*(.*)$", line)
        if m:
            refused.setdefault(m.group(1), m.group(2))

    def outcome(protocol):
        files = [f for f, p in spy_of.items() if same(protocol, p)]
        if any(f in failed[module] for f in files):
            return "failing"
        if any(f in compiled for f in files):
            return "compiling"
        if any(same(protocol, name) for name in refused):
            return "refused"
        return "neither"

    outcomes = {p: outcome(p) for p in r["protocols"]}
    failing = sorted(failed[module])
    spy_warnings = sorted(f for (m, f) in warnings if m == module and f in compiled)
    counts = dict(
        protocols=len(outcomes),
        compiling=sum(o == "compiling" for o in outcomes.values()),
        refused=sum(o == "refused" for o in outcomes.values()),
        failing=len(failing),
        neither=sum(o == "neither" for o in outcomes.values()),
        warned=len(spy_warnings),
        unlinted=sum(1 for (m, f) in unlinted if m == module and f in compiled),
        underscored=len(r["underscored"]),
    )
    for k in total:
        total[k] += counts[k]
    rows.append((module, counts, r["seconds"], r["deterministic"]))
    d = []
    for f in failing:
        d.append(f"  does not compile: {spy_of.get(f)} ({f}): {failed[module][f][0]}")
    for p in sorted(p for p, o in outcomes.items() if o == "refused"):
        reason = next(refused[n] for n in refused if same(p, n))
        d.append(f"  diagnostic: {p}: {reason[:400]}")
    for p in sorted(p for p, o in outcomes.items() if o == "neither"):
        d.append(f"  neither spy nor diagnostic: {p}")
    for f in spy_warnings:
        d.append(f"  compiler warning: {f}: {warnings[(module, f)]}")
    for (m, f), message in sorted(unlinted.items()):
        if m == module and f in compiled:
            d.append(f"  not lint clean: {f}: {message}")
    for p in r["underscored"]:
        d.append(f"  underscored, not counted: {p}: {outcome(p)}")
    for line in r["diagnostics"]:
        if not re.match(r"(error|warning): No spy for", line):
            d.append(f"  generator: {line[:400]}")
    if not r["deterministic"]:
        d.append("  NOT DETERMINISTIC: two runs of generate-spies differ (files, exit status or "
                 "output)")
    details.append((module, d))

def share(c):
    return 100.0 * c["compiling"] / c["protocols"] if c["protocols"] else 100.0

header = ("| module | public protocols | compiling spies | refused (diagnostic) | spies that do not "
          "compile | neither | spies with warnings | spies not lint clean | underscored (not counted) | "
          "tool time | deterministic |")
lines = [header, "|---|" + "--:|" * 10]
def row(name, c, seconds, deterministic):
    return (f"| {name} | {c['protocols']} | {c['compiling']} ({share(c):.1f}%) | {c['refused']} | "
            f"{c['failing']} | {c['neither']} | {c['warned']} | {c['unlinted']} | {c['underscored']} | "
            f"{seconds * 1000:.0f} ms | {'yes' if deterministic else 'NO'} |")
for module, c, seconds, deterministic in rows:
    lines.append(row(module, c, seconds, deterministic))
lines.append(row(f"**{package}**", total, sum(s for _, _, s, _ in rows),
                 all(d for *_, d in rows)))
table = "\n".join(lines)
with open(os.path.join(work, "report.md"), "w") as f:
    f.write(table + "\n")
    for module, d in details:
        if d:
            f.write(f"\n{module}:\n" + "\n".join(d) + "\n")
with open(os.path.join(work, "totals.json"), "w") as f:
    json.dump(total, f)
print(f"\nspy-real-modules-report: package {package}, generator {generator}")
print(table)
for module, d in details:
    # --quiet keeps what fails the run: spies that do not compile, protocols with neither.
    if quiet:
        d = [l for l in d if l.startswith(("  does not compile", "  neither", "  NOT DET"))]
    if d:
        print(f"\n{module}:")
        print("\n".join(d))
print(f"\n{package}: {time.monotonic() - started:.0f} s in all (builds included)")
bad = total["failing"] or total["neither"] or not all(d for *_, d in rows)
if bad:
    print(f"FAILED: {total['failing']} spies do not compile, {total['neither']} protocols get "
          f"neither a spy nor a diagnostic"
          + ("" if all(d for *_, d in rows) else ", output differs between two runs"))
sys.exit(1 if bad else 0)
PYTHON
  package_status=$?
  set -e
  [[ $package_status -eq 0 ]] || status=1
  reports+=("$corpus/$package/.build/spy-real-report/report.md")
done

if $write_report; then
  python3 - "$corpus/REPORT.md" "$generator" "${reports[@]}" <<'PYTHON'
import datetime, os, subprocess, sys
target, generator, *reports = sys.argv[1:]
commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                        cwd=os.path.dirname(target)).stdout.strip()
swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
last = subprocess.run(
    ["git", "log", "-1", "--format=%h", "--", ":/Sources/_SpyGeneratorCore",
     ":/Sources/generate-spies", ":/Plugins/GenerateSpies"],
    capture_output=True, text=True, cwd=os.path.dirname(target)).stdout.strip()
tool = os.path.relpath(generator, os.path.dirname(os.path.dirname(os.path.dirname(target))))
body = [f"Measured {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC on commit "
        f"{commit} (the generator's last change: {last}), tool `{tool}`, {swift}.", ""]
for path in reports:
    body.append(f"### {os.path.basename(os.path.dirname(os.path.dirname(os.path.dirname(path))))}")
    body.append("")
    body.append(open(path).read().rstrip())
    body.append("")
text = open(target).read() if os.path.exists(target) else "<!-- measured -->\n<!-- /measured -->\n"
start, end = text.index("<!-- measured -->"), text.index("<!-- /measured -->")
text = text[: start] + "<!-- measured -->\n" + "\n".join(body) + "\n" + text[end:]
open(target, "w").write(text)
print(f"wrote {target}")
PYTHON
fi
exit $status
