#!/usr/bin/env bash
# How generate-spies does on breadth: every package this machine keeps
# (SpyCorpus/Breadth/packages.txt, the highest version of each), every public protocol of every
# module of their library products, each spy verified by the tool against the real module and
# then compiled again, as users compile it, in a target beside the real module (Swift 6,
# ExistentialAny, MemberImportVisibility); generated twice, the two runs compared.
#
#   bash scripts/spy-breadth-report.sh [--ci] [--package OWNER/NAME]… [--build-limit SECONDS]
#                                      [--measure-only] [--generator <executable>] [--write-report]
#
#   --ci            the slice CI runs (the `ci:` lines of packages.txt), in its own scratch folder
#   --package       only this package (repeatable)
#   --build-limit   seconds one package's build may take (default 1200); a package over it is
#                   listed as not measured, with the reason, and not tried again at that limit
#   --measure-only  build no package that is not built yet; measure those that are
#   --write-report  write the table into SpyCorpus/Breadth/REPORT.md
#
# All packages go into one umbrella package (SpyCorpus/Breadth/.build-breadth/umbrella, git
# ignored), built one package at a time under `nice -n 19`, so that shared dependencies are
# built once; builds, manifests and symbol graphs are kept there and reused by the next run.
# Exits non-zero when a written spy does not compile or is not lint clean, a protocol gets
# neither a spy nor a diagnostic, or the two runs differ.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$root/scripts/spy-breadth-report.py" "$@"
