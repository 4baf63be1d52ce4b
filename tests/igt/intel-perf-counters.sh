#!/bin/bash
# SPDX-License-Identifier: MIT
#
# intel-perf-counters.sh: Debian's unmodified intel_perf_counters
# (intel-gpu-tools 1.27.1) against the intel_oa driver. It reads Gen5-7
# counters the way i915 clients did before perf: a batch with
# MI_REPORT_PERF_COUNT, run through libdrm's GEM and execbuf, once a
# second. Same command line as the C tests.
#
# Subtests (Sandy Bridge to Haswell, Documentation/gen6-gen7.rst; skipped,
# saying so, elsewhere: the tool has no later generation):
#   prints-counters   run the tool until it began its third screen (at
#                     most 60 s): at least two whole screens, each
#                     naming the same counters (more than 10) with a
#                     number each, and some of them counting (non-zero:
#                     which ones depends on the layout the tool's counter
#                     select has on the platform, gen6-gen7.rst).
#                     The tool enables the counters with one MMIO write
#                     of OACONTROL, without the OA buffer sequence or
#                     turning clock gating off: the virtual GPU counts
#                     codes 23 and 25, and 27 before Haswell unless a
#                     stream left OASTATUS2's memory select set; exactly
#                     those go into the ledger of deliberate violations
#                     that oa_prm checks.

set -u
TOOL=${INTEL_PERF_COUNTERS:-/usr/bin/intel_perf_counters}
SUBTESTS="prints-counters"
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=subtests.sh
. "$here/subtests.sh"

fail() { echo "FAIL: $*" >&2; return 1; }

device_id() {
	local v
	for v in /sys/class/drm/renderD*/device/vendor; do
		if [ "$(cat "$v" 2>/dev/null)" = 0x8086 ]; then
			cat "${v%/vendor}/device"
			return
		fi
	done
}

# Graphics generation from the platform table (platform-ids.txt).
device_gen() {
	awk -v id="$1" '$1 == id { print $2; exit }' "$here/platform-ids.txt" \
		2>/dev/null
}

# The tool's output so far as $1/screen.N, one file per screen with
# counters. Screens start with the clear-screen sequence; the first ones
# only say "Adding offset handle"; the last may be cut.
split_screens() {
	rm -f "$1"/screen.*
	tr -d '\r' <"$1/out" | sed 's/\x1b\[H\x1b\[J/\n@SCREEN\n/g' |
		grep -v '^Adding offset handle' >"$1/clean"
	awk -v dir="$1" '
		/^@SCREEN$/ { n++; next }
		n && /: -?[0-9]+$/ { print > (dir "/screen." n) }
	' "$1/clean"
}

prints_counters() {
	local id gen dir screens names pid
	if [ ! -x "$TOOL" ]; then
		echo "Test requirement not met: $TOOL not installed (apt-get install intel-gpu-tools)"
		return 77
	fi
	id=$(device_id)
	gen=$(device_gen "$id")
	case ${gen%%.*} in
	6|7) ;;
	*)
		echo "Test requirement not met: PCI device $id is gen ${gen:-unknown}; intel_perf_counters reads Gen5-7 only"
		return 77 ;;
	esac
	dir=$(mktemp -d)
	v0=$("$here/vgpu-ctl" get violations) || v0=
	# It refreshes the screen every second until killed: stop it once
	# three screens of counters are out (two whole ones before the last,
	# which may be cut), whatever its start-up cost (a guest on the
	# instruction counter counts that in its clock), or after 60 s.
	"$TOOL" >"$dir/out" 2>"$dir/err" &
	pid=$!
	for _ in $(seq 300); do
		split_screens "$dir"
		[ "$(find "$dir" -name 'screen.*' | wc -l)" -ge 3 ] && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.2
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	if [ -n "$v0" ]; then
		local want n last code
		n=$(( $("$here/vgpu-ctl" get violations) - v0 ))
		last=$("$here/vgpu-ctl" get last-violation)
		# 23 and 25 always; 27 only where OASTATUS2's memory select is
		# writable and no stream left it set (not on Haswell)
		case $n/$last in
		2/25) want="23 25" ;;
		3/27) [ "$gen" != 7.5 ] && want="23 25 27" ;;
		esac
		echo "virtual GPU: $n violation(s) from the tool's OACONTROL write, last code $last"
		if [ -z "${want:-}" ]; then
			fail "the tool's OA enable counted $n violation(s), last code $last; expected codes 23 and 25 (and 27 before Haswell)"
			rm -rf "$dir"
			return 1
		fi
		for code in $want; do
			echo "intel-perf-counters.sh@prints-counters $code" \
				>>/tmp/intel-oa-expected-violations
		done
	fi
	split_screens "$dir"
	screens=$(cd "$dir" && ls screen.* 2>/dev/null | sort -t. -k2 -n |
		head -n -1 | sed "s|^|$dir/|")
	if [ "$(echo "$screens" | grep -c .)" -lt 2 ]; then
		fail "fewer than two complete screens in 60 s; the tool said: $(head -c 600 "$dir/err")"
		rm -rf "$dir"
		return 1
	fi
	names=""
	for s in $screens; do
		local these count nonzero
		these=$(sed 's/: -\{0,1\}[0-9]*$//' "$s")
		count=$(echo "$these" | grep -c .)
		nonzero=$(grep -cv ': 0$' "$s")
		echo "$(basename "$s"): $count counters, $nonzero non-zero"
		if [ "$count" -le 10 ]; then
			fail "$(basename "$s") has $count counters"
			rm -rf "$dir"
			return 1
		fi
		if [ "$nonzero" -eq 0 ]; then
			fail "$(basename "$s"): none of the $count counters count"
			rm -rf "$dir"
			return 1
		fi
		if [ -n "$names" ] && [ "$names" != "$these" ]; then
			fail "$(basename "$s") names other counters than the screen before"
			rm -rf "$dir"
			return 1
		fi
		names=$these
	done
	head -n 8 "$s"
	rm -rf "$dir"
	return 0
}

subtests_main "$@"
