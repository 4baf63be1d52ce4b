#!/bin/bash
# SPDX-License-Identifier: MIT
#
# upstream-perf.sh: upstream IGT's own perf test, run as a user runs it,
# against the expectations checked in next to it.
#
#   upstream-perf.sh --platform NAME [--binary PATH] [--expect FILE]
#                    [--timeout SEC]
#
# Runs the binary once with no arguments, so every subtest runs in turn in
# one process on one driver instance, nothing reset between them (what a
# user typing "perf" gets), under a timeout of SEC seconds (default 1200) of the host's clock.
# Each "Subtest NAME: RESULT" line is compared with the expectation for
# NAME on platform NAME (FILE, default tests/upstream/igt-perf-1.27.1.expected:
# the first line whose platform glob matches; no line means "pass").
# Prints one line per subtest:
#   PASS name             passed as expected
#   SKIP name             skipped as expected (the reason from FILE)
#   XFAIL name            failed as expected (the reason from FILE)
#   FAIL name: ...        anything else, an unexpected pass included: move
#                         the subtest in FILE when it starts passing
# then the output of the run when anything was unexpected, and
# "N passed, N failed, N skipped" (XFAIL counts as skipped). Exit status 0
# only if nothing was unexpected.

set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=wallclock.sh
. "$here/wallclock.sh"
platform=
binary=
expect=
timeout_s=1200

while [ $# -gt 0 ]; do
	case $1 in
	--platform) platform=$2; shift 2 ;;
	--binary) binary=$2; shift 2 ;;
	--expect) expect=$2; shift 2 ;;
	--timeout) timeout_s=$2; shift 2 ;;
	-h|--help) sed -n '4,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "upstream-perf.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done

# Run from tests/igt or installed in build/igt (tests/igt/Makefile): the
# binary and the expectations stay in the source tree, two levels up.
d=$here/../../tests/upstream
[ -z "$binary" ] && [ -x "$d/igt-perf-1.27.1" ] && binary=$d/igt-perf-1.27.1
[ -z "$expect" ] && [ -r "$d/igt-perf-1.27.1.expected" ] && expect=$d/igt-perf-1.27.1.expected
if [ -z "$platform" ] || [ -z "$binary" ] || [ -z "$expect" ]; then
	echo "upstream-perf.sh: need --platform, and the binary and expectations (tests/upstream/igt-perf-1.27.1{,.expected}); got platform '${platform}', binary '${binary}', expectations '${expect}'" >&2
	echo "0 passed, 1 failed, 0 skipped"
	exit 2
fi

# expected SUBTEST: prints "RESULT<TAB>reason" for this platform.
expected() {
	local name=$1 glob sub res reason
	while read -r glob sub res reason; do
		case $glob in ''|'#'*) continue ;; esac
		# shellcheck disable=SC2254
		case $platform in $glob) ;; *) continue ;; esac
		[ "$sub" = "$name" ] || continue
		printf '%s\t%s\n' "$res" "$reason"
		return
	done <"$expect"
	printf 'pass\t\n'
}

out=$(mktemp)
# Run a copy in the guest's RAM: the binary lives on the host share, a
# page of it first touched inside a timed window (buffer-fill allows a
# read 5 % of the fill time late) waits for the host, and meanwhile an
# --icount guest's clock jumps to its next timer. The likely cause of
# the one buffer-fill failure seen (dg2-g10, 2026-11-28: a read 13 ms
# late, 55.7 % of the buffer where every other run counts 49.7-49.8 %).
run=$(mktemp)
trap 'rm -f "$out" "$run"' EXIT
cp "$binary" "$run" && chmod +x "$run" || run=$binary
echo "upstream IGT perf: $binary on $platform, every subtest in one process (timeout $timeout_s s)"
# Timeout and time on the host's clock (wallclock.sh).
start='' end=''
wall_read start
wall_bounded "$timeout_s" 10 "$run" >"$out" 2>&1
rc=$?
wall_read end
echo "upstream IGT perf: exit $rc after $((end - start)) s"

p=0 f=0 s=0
declare -A seen
# No process substitution: the guest has no /dev/fd.
while read -r line; do
	case $line in "Subtest "*": "*) ;; *) continue ;; esac
	name=${line#Subtest }
	name=${name%%: *}
	got=${line#*: }
	got=${got%% *}
	seen[$name]=1
	e=$(expected "$name")
	want=${e%%$'\t'*}
	reason=${e#*$'\t'}
	case "$want:$got" in
	pass:SUCCESS) echo "PASS $name"; p=$((p + 1)) ;;
	skip:SKIP) echo "SKIP $name ($reason)"; s=$((s + 1)) ;;
	fail:FAIL) echo "XFAIL $name ($reason)"; s=$((s + 1)) ;;
	*)
		if [ "$got" = SUCCESS ]; then
			echo "FAIL $name: passed, expected $want ($reason): move it in $expect"
		else
			echo "FAIL $name: $got, expected $want"
		fi
		f=$((f + 1))
		;;
	esac
done <"$out"

# Every subtest the binary lists must have run to a result.
list=$("$binary" --list-subtests 2>/dev/null)
for name in $list; do
	[ -n "${seen[$name]:-}" ] && continue
	echo "FAIL $name: no result (the run ended early: exit $rc)"
	f=$((f + 1))
done
[ -n "$list" ] || { echo "FAIL --list-subtests listed nothing"; f=$((f + 1)); }

if [ "$f" -ne 0 ]; then
	echo "--- output of the run"
	cat "$out"
	echo "---"
fi
echo "$p passed, $f failed, $s skipped"
[ "$f" -eq 0 ]
