#!/usr/bin/env bash
# The end-to-end check of `swift package migrate-singletons`, on MigrationCorpus/:
#   0. the lexer over a slice of real packages and every file it once could not follow
#      (scripts/lexer-corpus.sh --ci);
#   1. a copy of the corpus builds and its tests pass, and `migrate-singletons --check` fails
#      on it, naming file and line; the plugin's --help lists the tool's options; neither needs
#      --allow-writing-to-package-directory (no terminal either: SwiftPM would ask on one);
#   2. an interrupted `--apply` (a fake `swift` for its verification build) stops that build
#      and everything it started, and writes nothing; then `migrate-singletons --apply`
#      migrates it (with extractProtocol, from its migrate-singletons.json), timed; the plan
#      names each shape it leaves (a global actor, a lock, a value type, a per-thread and a
#      task-local instance) and the one it refuses (the `struct Static` getter), each with the
#      reason; the CRLF, four-space file stays so;
#   3. the migrated copy builds with warnings as errors, its tests pass unchanged, and --check
#      fails only on the refused getter, saying `--apply` cannot box it;
#   4. PostMigration/ (isolated parallel tests that substitute the generated spies) is added
#      to its tests, and they pass.
# The corpus in the repository is never changed: the copy lives in .build/check-migration, kept
# between runs so that a second run builds only what changed.
#
#   bash scripts/check-migration.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
start=$SECONDS
work=.build/check-migration/MigrationCorpus
mkdir -p "$work"

echo "== the lexer: a slice of real packages, and every file it once could not follow"
bash scripts/lexer-corpus.sh --ci

echo "== copy MigrationCorpus to $work"
rm -rf "$work/Sources" "$work/Tests" "$work/Package.swift" "$work/migrate-singletons.json"
cp -R MigrationCorpus/Sources MigrationCorpus/Tests MigrationCorpus/migrate-singletons.json "$work/"
# The copy depends on this package by its absolute path.
sed "s|path: \"\.\.\"|path: \"$root\"|" MigrationCorpus/Package.swift > "$work/Package.swift"
cd "$work"

echo "== before: builds, tests pass"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build

echo "== before: --check fails, naming file and line"
set +e
check_log=$(swift package migrate-singletons --check 2>&1 </dev/null)
check_status=$?
set -e
if [ "$check_status" -eq 0 ] || ! grep -q "Sources/CorpusApp/Networking/APIClient.swift:38: error: APIClient.shared" <<<"$check_log"; then
  echo "$check_log" >&2
  echo "check-migration: --check passed on the unmigrated corpus, or did not name APIClient.shared" >&2
  exit 1
fi
echo "$(grep -c ': error: ' <<<"$check_log") shared instances reported"
if ! grep -q "LegacyShapes.swift:23: error: LegacyCenter.shared is a shared instance that is not a Resettable box, and \`--apply\` cannot box it" <<<"$check_log"; then
  echo "$check_log" >&2
  echo "check-migration: --check did not name the refused struct Static getter" >&2
  exit 1
fi

echo "== the plugin's --help lists the tool's options"
help=$(swift package migrate-singletons --help </dev/null)
for option in --extract-protocol --no-verify --check --spies --round-trip; do
  if ! grep -q -- "$option" <<<"$help"; then
    echo "$help" >&2
    echo "check-migration: the plugin's --help does not list $option" >&2
    exit 1
  fi
done

echo "== an interrupted --apply (through the plugin) stops its verification build, writes nothing"
# A fake `swift` on PATH stands for the verification build: it starts a child in its group and
# one in a session of its own (as swift build starts its compilers), writes their pids, waits.
fake=$(pwd)/.build/fake-swift
rm -rf "$fake"
mkdir -p "$fake/bin" "$fake/pids"
cat >"$fake/bin/swift" <<'SH'
#!/bin/sh
sleep 600 &
echo $! >"$FAKE_PIDS/child"
setsid sleep 600 &
echo $! >"$FAKE_PIDS/session"
echo $$ >"$FAKE_PIDS/build.tmp" && mv "$FAKE_PIDS/build.tmp" "$FAKE_PIDS/build"
wait
SH
chmod +x "$fake/bin/swift"
swift_path=$(command -v swift)
# In a session of its own, so that an interrupt of its group is what Ctrl-C in a terminal sends.
FAKE_PIDS=$fake/pids PATH=$fake/bin:$PATH setsid "$swift_path" package \
  --allow-writing-to-package-directory migrate-singletons --apply </dev/null >interrupted.log 2>&1 &
package_pid=$!
for _ in $(seq 600); do [ -s "$fake/pids/build" ] && break; sleep 1; done
if [ ! -s "$fake/pids/build" ]; then
  cat interrupted.log >&2
  echo "check-migration: --apply never started its verification build" >&2
  exit 1
fi
kill -INT -- "-$package_pid"
running() { [ -e "/proc/$1/stat" ] && ! sed 's/.*) //' "/proc/$1/stat" | grep -q '^Z'; }
for name in build child session; do
  pid=$(cat "$fake/pids/$name")
  for _ in $(seq 120); do running "$pid" || break; sleep 1; done
  if running "$pid"; then
    kill -9 "$pid"
    echo "check-migration: the interrupted --apply left its build's $name ($pid) running" >&2
    exit 1
  fi
done
if ! diff -r "$root/MigrationCorpus/Sources" Sources >/dev/null; then
  echo "check-migration: the interrupted --apply wrote into the package" >&2
  exit 1
fi
echo "the build and everything it started stopped; nothing written"

echo "== migrate: swift package migrate-singletons --apply"
migrate_start=$SECONDS
swift package --allow-writing-to-package-directory migrate-singletons --apply | tee migrate.log
echo "migrate-singletons --apply took $((SECONDS - migrate_start)) s (plugin build included)"
# Every candidate is accounted for: migrated, left alone with the reason, or refused with it.
if [ "$(grep -c "not migrated" migrate.log)" -ne 1 ] ||
  ! grep -q "LegacyCenter.shared: not migrated: a getter that returns a nested type's" migrate.log; then
  echo "check-migration: a shared instance other than the struct Static getter was left unmigrated" >&2
  exit 1
fi
for left in "DisplaySettings.shared: left alone: DisplaySettings is a value type" \
  "RequestContext.current: left alone: a per-thread instance" \
  "RequestScope.context: left alone: a task-local value" \
  "MergeActor.shared: left alone: the instance of the global actor @MergeActor" \
  "Journal.lock: left alone: NSLock is a lock"; do
  if ! grep -q "$left" migrate.log; then
    echo "check-migration: the plan does not say: $left" >&2
    exit 1
  fi
done
for migrated in "PushRegistry.shared: PushRegistry? → Resettable" \
  "DateFormatter.rfc822: DateFormatter → Resettable" "SyncEngine.shared: SyncEngine → Resettable"; do
  if ! grep -q "$migrated" migrate.log; then
    echo "check-migration: the plan does not migrate: $migrated" >&2
    exit 1
  fi
done
# The CRLF file keeps CRLF (no bare LF), its four-space indentation, and its global actor.
crlf=Sources/CorpusApp/Legacy/SyncEngine.swift
if [ "$(grep -c $'\r$' "$crlf")" -ne "$(wc -l <"$crlf")" ] ||
  ! grep -q $'^    public static var shared: SyncEngine { sharedBox.value }\r$' "$crlf" ||
  ! grep -q $'^    public static let shared = MergeActor()\r$' "$crlf"; then
  echo "check-migration: $crlf lost its CRLF line breaks or its indentation, or its actor was boxed" >&2
  exit 1
fi

echo "== after: builds with warnings as errors, the same tests pass, --check fails only on the refused getter"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
set +e
after_log=$(swift package migrate-singletons --check 2>&1 </dev/null)
after_status=$?
set -e
if [ "$after_status" -eq 0 ] || [ "$(grep -c ': error: ' <<<"$after_log")" -ne 1 ] ||
  ! grep -q "LegacyCenter.shared is a shared instance that is not a Resettable box, and \`--apply\` cannot box it" <<<"$after_log"; then
  echo "$after_log" >&2
  echo "check-migration: after --apply, --check should fail on the refused getter alone" >&2
  exit 1
fi

echo "== after: isolated parallel tests that substitute the generated spies"
cp "$root"/MigrationCorpus/PostMigration/*.swift Tests/CorpusAppTests/
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build --filter IsolatedSpyTests

echo "check-migration: passed in $((SECONDS - start)) s"
