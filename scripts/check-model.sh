#!/usr/bin/env bash
# Model-checks the reclamation protocol (Sources/SharedInstances/MemorySafety/Model) and a
# service locator's creation gates (creation.pml there) with spin:
# the model must be ACCEPTED in every scenario and fence mode (no error, state space explored to
# the end), and every mutant, which puts one known defect back, must be REJECTED with the
# property that defect breaks. Installs spin (Debian's package) when it is missing.
#
#   scripts/check-model.sh            # every run, then a table
#   scripts/check-model.sh --quick    # the mutants only (seconds)
#
# Exhaustive: partial order reduction and -DCOLLAPSE (lossless state compression) only; no
# bitstate or hash-compaction mode. A run whose search is cut short (memory, depth) fails.
set -euo pipefail
cd "$(dirname "$0")/.."

model_dir=Sources/SharedInstances/MemorySafety/Model
model=reclamation.pml
quick=0
[ "${1:-}" = "--quick" ] && quick=1

# ---- spin -------------------------------------------------------------------------------------
command -v spin >/dev/null 2>&1 || bash scripts/apt-install.sh spin
for tool in spin gcc; do
  command -v "$tool" >/dev/null 2>&1 || { echo "check-model: $tool not found" >&2; exit 1; }
done

# ---- the runs ---------------------------------------------------------------------------------
# name | scenario flags | mode flags | changes | expected: "accept", or the @property a
# counterexample must violate
runs=(
  "model|-DSCEN_READS|sc|2|accept"
  "model|-DSCEN_HOOK|sc|2|accept"
  "model|-DSCEN_CREATE|sc|2|accept"
  "model|-DSCEN_EXIT|sc|2|accept"
  "model|-DSCEN_READS|tso|1|accept"
  "model|-DSCEN_HOOK|tso|1|accept"
  "model|-DSCEN_CREATE|tso|1|accept"
  "model|-DSCEN_EXIT|tso|1|accept"
  "model|-DSCEN_READS|mixed|1|accept"
  "model|-DSCEN_NESTED|sc|2|accept"
  "model|-DSCEN_NESTED|tso|1|accept"
  "model|-DSCEN_SCOPE|sc|2|accept"
  "model|-DSCEN_SCOPE|mixed|1|accept"
  "model|-DSCEN_BORROW_REPORT|sc|2|accept"
  "model|-DSCEN_BORROW_REPORT|tso|1|accept"
  "model|-DSCEN_UPDATE|sc|2|accept"
  "model|-DSCEN_UPDATE|tso|1|accept"
  "model|-DSCEN_OVERRIDE|sc|2|accept"
  "model|-DSCEN_OVERRIDE|tso|1|accept"
  "model|-DSCEN_LIFETIME|sc|2|accept"
  "model|-DSCEN_LIFETIME|tso|2|accept"
  "MUTANT_HOLE1|-DSCEN_HOOK|sc|2|no-user-code-in-transient-window"
  "MUTANT_HOLE1 NO_I2_CHECK|-DSCEN_HOOK|sc|2|no-use-after-free"
  "MUTANT_HOLE1 NO_I2_CHECK|-DSCEN_HOOK|tso|1|no-use-after-free"
  "MUTANT_HOLE2|-DSCEN_READS|sc|2|quiescent-no-retired-cell"
  "MUTANT_HOLE2|-DSCEN_READS|tso|2|quiescent-no-retired-cell"
  "MUTANT_HOLE3|-DSCEN_CREATE|sc|2|no-release-under-lock"
  "MUTANT_HOLE3|-DSCEN_CREATE|tso|2|no-release-under-lock"
  "MUTANT_HOLE4|-DSCEN_EXIT|sc|2|quiescent-no-retired-cell"
  "MUTANT_HOLE4|-DSCEN_EXIT|tso|1|quiescent-no-retired-cell"
  "MUTANT_NO_BARRIER|-DSCEN_READS|tso|2|quiescent-no-retired-cell"
  "MUTANT_NO_BARRIER NO_QUIESCENCE_CHECK|-DSCEN_READS|tso|2|no-use-after-free"
  "MUTANT_NO_VALIDATION|-DSCEN_READS|sc|2|no-use-after-free"
  "MUTANT_NO_RETRIED|-DSCEN_READS|sc|2|quiescent-no-retired-cell"
  "MUTANT_CLEAR_BEFORE_COPY|-DSCEN_READS|sc|2|no-use-after-free"
  "MUTANT_NO_RESCAN|-DSCEN_EXIT|sc|2|quiescent-no-retired-cell"
  "MUTANT_NO_RESCAN|-DSCEN_EXIT|tso|1|quiescent-no-retired-cell"
  "MUTANT_NESTED_TRANSIENT|-DSCEN_NESTED|sc|2|nested-read-keeps-outer-word"
  "MUTANT_NESTED_TRANSIENT NO_NESTED_CHECK|-DSCEN_NESTED|sc|2|no-use-after-free"
  "MUTANT_SCOPE_UNRETAINED|-DSCEN_SCOPE|sc|2|no-use-after-free"
  "MUTANT_BORROW_REPORT_TRANSIENT|-DSCEN_BORROW_REPORT|sc|2|no-user-code-in-transient-window"
  "MUTANT_BORROW_REPORT_TRANSIENT NO_I2_CHECK|-DSCEN_BORROW_REPORT|sc|2|no-use-after-free"
  "MUTANT_UPDATE_UNDEFERRED|-DSCEN_UPDATE|sc|2|no-release-under-lock"
  "MUTANT_OVERRIDE_RETIRES_SAVED|-DSCEN_OVERRIDE|sc|1|quiescent-no-retired-cell"
  "MUTANT_OVERRIDE_RETIRES_SAVED NO_QUIESCENCE_CHECK|-DSCEN_OVERRIDE|sc|1|no-use-after-free"
  "MUTANT_LIFETIME_UNOWNED|-DSCEN_LIFETIME|sc|2|no-use-after-free"
  "MUTANT_LIFETIME_UNOWNED|-DSCEN_LIFETIME|tso|2|no-use-after-free"
  "MUTANT_LIFETIME_END_UNDER_LOCK|-DSCEN_LIFETIME|sc|2|no-release-under-lock"
  "MUTANT_LIFETIME_ADD_DROPS_UNDER_LOCK|-DSCEN_LIFETIME|sc|2|no-release-under-lock"
  "MUTANT_LIFETIME_ADD_DROPS_UNDER_LOCK|-DSCEN_LIFETIME|tso|2|no-release-under-lock"
  "MUTANT_NO_CREATOR_WORD|-DSCEN_CREATE|sc|2|invalid-end-state"
  # creation.pml: a service locator's creation gates and its cycle check (no changes, no fences)
  "model|-DSCEN_RING|sc|0|accept"
  "model|-DSCEN_CHAIN|sc|0|accept"
  "MUTANT_NO_CYCLE_CHECK|-DSCEN_RING|sc|0|invalid-end-state"
  "MUTANT_RECORD_ONLY_HELD|-DSCEN_RING|sc|0|invalid-end-state"
  "MUTANT_PER_LOCATOR_RECORD|-DSCEN_RING|sc|0|invalid-end-state"
  "MUTANT_NO_GATE_LOCK|-DSCEN_CHAIN|sc|0|published-once"
)
# The model file of a run: the locator's creation scenarios have a model of their own.
model_of() { case "$1" in -DSCEN_RING | -DSCEN_CHAIN) echo creation.pml ;; *) echo "$model" ;; esac; }

# ---- the invariants' pointers into the model ---------------------------------------------------
# Every "`tag` (line N)" in MemorySafety.swift must name a tag that is on line N of the model.
stale=0
while IFS= read -r ref; do
  tag=${ref#\`}
  tag=${tag%%\`*}
  line=${ref##*line }
  line=${line%)}
  if ! sed -n "${line}p" "$model_dir/$model" | grep -qF -- "$tag"; then
    echo "check-model: MemorySafety.swift points at line $line of the model for $tag, which is not there" >&2
    stale=$((stale + 1))
  fi
done < <(grep -o '`[^`]*` (line [0-9]*)' Sources/SharedInstances/MemorySafety/MemorySafety.swift)

# Every "@code(FILE: TEXT)" in the model names the code a model line stands for: TEXT must still
# be in FILE (under Sources/), so that a change of that code line fails here until the model
# line (and its tag) follow it.
while IFS= read -r ref; do
  file=${ref#@code(}
  file=${file%%: *}
  text=${ref#*: }
  text=${text%) \*/}
  path=$(find Sources -name "$file" -type f | head -1)
  if [ -z "$path" ] || ! grep -qF -- "$text" "$path"; then
    echo "check-model: the model stands for '$text' in $file, which is no longer there" >&2
    stale=$((stale + 1))
  fi
done < <(grep -ho '@code([^:]*: .*) \*/' "$model_dir/$model" "$model_dir/creation.pml")
if [ "$stale" -ne 0 ]; then exit 1; fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$model_dir/$model" "$model_dir/creation.pml" "$work/"

depth=100000
failures=0
total_states=0
started=$SECONDS
printf '\n%-44s %-13s %-5s %-3s %12s %8s  %s\n' "run" "scenario" "mode" "ch" "states" "time" "result"
printf '%s\n' "$(printf '%.0s-' {1..110})"
for run in "${runs[@]}"; do
  IFS='|' read -r name scenario mode changes expected <<<"$run"
  file=$(model_of "$scenario")
  if [ "$quick" -eq 1 ] && [ "$expected" = "accept" ]; then continue; fi
  flags=("$scenario" "-DMAXCH=$changes")
  # tso: both boxes process-wide (asymmetric fences); mixed: box 0 process-wide, box 1 a
  # scope's slot (seq_cst stores, a fence of the writer's own), one TSO machine.
  [ "$mode" = "tso" ] && flags+=("-DTSO")
  [ "$mode" = "mixed" ] && flags+=("-DTSO" "-DASYM_MASK=1")
  if [ "$name" != "model" ]; then
    for macro in $name; do flags+=("-D$macro"); done
  fi
  (
    cd "$work"
    rm -f pan pan.* ./*.trail
    spin -a "${flags[@]}" "$file" >spin.log 2>&1 || { cat spin.log; exit 1; }
    # -O0: the verifier's generated transition function is large, and gcc -O1/-O2 spend
    # minutes on it (the TSO model's) for a search that runs about twice as fast.
    gcc -O0 -DSAFETY -DCOLLAPSE -DMEMLIM=2048 -o pan pan.c 2>gcc.log || { cat gcc.log; exit 1; }
    ./pan -m"$depth" >pan.log 2>&1 || true
  ) || { echo "check-model: could not build the verifier for: $run" >&2; exit 1; }
  log="$work/pan.log"
  errors=$(sed -n 's/.*errors: \([0-9]*\).*/\1/p' "$log" | tail -1)
  states=$(awk '/states, stored/ { print $1; exit }' "$log")
  seconds=$(sed -n 's/^pan: elapsed time \([0-9.e+-]*\) seconds.*/\1/p' "$log" | tail -1)
  truncated=0
  if grep -qE 'max search depth too small|out of memory|MEMLIM|Search not completed' "$log"; then
    truncated=1
  fi
  result=""
  if [ "$expected" = "accept" ]; then
    if [ "${errors:-x}" = "0" ] && [ "$truncated" -eq 0 ]; then
      result="accepted (exhaustive)"
    else
      result="UNEXPECTED: errors ${errors:-?}, search cut short: $truncated"
      failures=$((failures + 1))
      sed -n '1,40p' "$log"
    fi
  else
    violated=""
    if [ "${errors:-0}" != "0" ] && [ -f "$work/$file.trail" ]; then
      line=$(cd "$work" && spin -t "${flags[@]}" "$file" 2>&1 |
        sed -n 's/^spin: [^:]*:\([0-9]*\), Error: assertion violated.*/\1/p' | head -1)
      if [ -n "$line" ]; then
        violated=$(sed -n "${line}p" "$work/$file" | sed -n 's/.*@property \([a-z0-9-]*\).*/\1/p')
      elif grep -q 'invalid end state' "$log"; then
        violated="invalid-end-state"
      fi
    fi
    if [ "$violated" = "$expected" ]; then
      result="rejected: $violated"
    else
      result="UNEXPECTED: expected a violation of $expected, got '${violated:-none}' (errors ${errors:-?})"
      failures=$((failures + 1))
      sed -n '1,20p' "$log"
    fi
  fi
  printf '%-44s %-13s %-5s %-3s %12s %7ss  %s\n' "$name" "${scenario#-D}" "$mode" "$changes" \
    "${states:-?}" "${seconds:-?}" "$result"
  total_states=$((total_states + ${states:-0}))
done

echo "total: $total_states states stored, $((SECONDS - started)) s wall (compiles included)"
if [ "$failures" -ne 0 ]; then
  echo "check-model: $failures unexpected result(s)" >&2
  exit 1
fi
echo "check-model: the model is accepted in every run and every mutant is rejected"
