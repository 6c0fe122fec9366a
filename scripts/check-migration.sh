#!/usr/bin/env bash
# The end-to-end check of `swift package migrate-singletons` (issue 32), on MigrationCorpus/:
#   1. a copy of the corpus builds and its tests pass, and `migrate-singletons --check` fails
#      on it, naming file and line;
#   2. `migrate-singletons --apply` migrates it (with extractProtocol, from its
#      migrate-singletons.json), timed;
#   3. the migrated copy builds with warnings as errors, its tests pass unchanged, and --check
#      passes;
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
check_log=$(swift package --allow-writing-to-package-directory migrate-singletons --check 2>&1)
check_status=$?
set -e
if [ "$check_status" -eq 0 ] || ! grep -q "Sources/CorpusApp/Networking/APIClient.swift:38: error: APIClient.shared" <<<"$check_log"; then
  echo "$check_log" >&2
  echo "check-migration: --check passed on the unmigrated corpus, or did not name APIClient.shared" >&2
  exit 1
fi
echo "$(grep -c ': error: ' <<<"$check_log") shared instances reported"

echo "== migrate: swift package migrate-singletons --apply"
migrate_start=$SECONDS
swift package --allow-writing-to-package-directory migrate-singletons --apply | tee migrate.log
echo "migrate-singletons --apply took $((SECONDS - migrate_start)) s (plugin build included)"
if grep -q "not migrated" migrate.log; then
  echo "check-migration: a shared instance of the corpus was left unmigrated" >&2
  exit 1
fi

echo "== after: builds with warnings as errors, the same tests pass, --check passes"
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
swift package --allow-writing-to-package-directory migrate-singletons --check

echo "== after: isolated parallel tests that substitute the generated spies"
cp "$root"/MigrationCorpus/PostMigration/*.swift Tests/CorpusAppTests/
swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build --filter IsolatedSpyTests

echo "check-migration: passed in $((SECONDS - start)) s"
