# SPDX-License-Identifier: MIT
# shellcheck shell=bash
#
# subtests.sh: the command line the C tests have (igt_core.c), for the
# shell tests. Sourced; the test sets SUBTESTS (names in run order),
# defines one function per subtest, named after it with '-' as '_'
# (render-activity: render_activity), returning 0 (pass), 77 (skip) or
# anything else (fail), and ends with
#
#	subtests_main "$@"
#
# which takes:
#   --list-subtests     the names, one a line
#   --describe          the header comment's block from "# Subtests" to
#                       its first empty line
#   --run-subtest GLOBS the subtests matching any of the comma-separated
#                       globs, in SUBTESTS order
#   (nothing)           every subtest
# Each subtest prints "Starting subtest: NAME" and "Subtest NAME:
# SUCCESS|SKIP|FAIL (SECS s)" around its output, the lines run-tests
# parses. Exit status as igt_exit(): 1 if any failed or GLOBS matched
# none ("Unknown subtest"), else 0 if any passed, else 77.

# Run one subtest by name: its lines around its output; its status.
subtests_run_one() {
	local st=$1 start rc secs
	echo "Starting subtest: $st"
	start=$(date +%s.%N)
	"${st//-/_}"
	rc=$?
	secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f", e - s }')
	case $rc in
	0) echo "Subtest $st: SUCCESS (${secs}s)" ;;
	77) echo "Subtest $st: SKIP (${secs}s)" ;;
	*) rc=1; echo "Subtest $st: FAIL (${secs}s)" ;;
	esac
	return $rc
}

subtests_main() {
	local globs=('*') g st ran=0 failed=0 passed=0
	case ${1:-} in
	--list-subtests)
		printf '%s\n' $SUBTESTS
		exit 0 ;;
	--describe)
		sed -n '/^# Subtests/,/^$/p' "$0" | sed 's/^# \{0,1\}//'
		exit 0 ;;
	--run-subtest)
		IFS=, read -ra globs <<<"${2:-}" ;;
	"") ;;
	*)
		echo "usage: $0 [--list-subtests | --run-subtest NAME[,NAME...] | --describe]" >&2
		exit 1 ;;
	esac
	for st in $SUBTESTS; do
		for g in "${globs[@]}"; do
			# shellcheck disable=SC2053
			[[ $st == $g ]] || continue
			ran=1
			subtests_run_one "$st"
			case $? in
			0) passed=1 ;;
			77) ;;
			*) failed=1 ;;
			esac
			break
		done
	done
	if [ "$ran" = 0 ]; then
		echo "Unknown subtest: ${2:-}" >&2
		exit 1
	fi
	[ "$failed" = 1 ] && exit 1
	[ "$passed" = 1 ] && exit 0
	exit 77
}
