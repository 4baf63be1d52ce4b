#!/bin/bash
# SPDX-License-Identifier: MIT
#
# i915-perf-recorder.sh: Debian's unmodified intel-gpu-tools 1.27.1
# i915-perf-recorder and i915-perf-reader against the intel_oa driver.
# Same command line as the C tests: --list-subtests, --run-subtest NAME.
#
# Subtests (on every platform of Documentation/platforms.rst, of
# Documentation/gen6-gen7.rst on Haswell, and of Documentation/dg2.rst
# where Debian's libi915_perf has the metric set (it ships acmgt1..3
# tables for DG2/ATS-M); skipped, saying so, elsewhere: i915-perf has no
# metric sets at all for Sandy Bridge, Ivy Bridge and Valleyview):
#   recorder-list-metrics  the recorder finds the device (its PCI id and
#                          generation) and lists the platform's metric sets
#   recorder-record-read   record RenderBasic for ~1.5 s (the recorder adds
#                          the set through ADD_CONFIG itself), then the
#                          reader parses it: reports > 0, >= 2 correlation
#                          points, OA timestamps spaced by the stream's
#                          period with none missing
#   recorder-fastest       record RenderBasic for ~1 s at the recorder's
#                          fastest period (1 us asked: exponent 0-4),
#                          which no reader keeps up with under TCG; the
#                          recorder still stops on SIGINT and the reader
#                          reads the file back (>= 2 correlation points:
#                          the recorder takes them when a read gives
#                          EAGAIN, as i915's read does once the OA buffer
#                          is empty or after an overflow)
#   reader-agreement       record RenderBasic with i915-perf-recorder and
#                          with 'intel-oa-metrics record --oa-xml' (Intel's
#                          oa-<chipset>.xml of Debian's Mesa source,
#                          scripts/fetch-oa-xml); i915-perf-reader and
#                          intel-oa-metrics print give every counter of
#                          every report pair of both alike, to the last
#                          digit the reader prints
#                          (scripts/check-reader-agreement); skipped where
#                          Mesa has no file for the platform (DG2, ATS-M)

set -u
RECORDER=${I915_PERF_RECORDER:-/usr/bin/i915-perf-recorder}
READER=${I915_PERF_READER:-/usr/bin/i915-perf-reader}
METRIC=${I915_PERF_METRIC:-RenderBasic}
SUBTESTS="recorder-list-metrics recorder-record-read recorder-fastest reader-agreement"
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
# shellcheck source=wallclock.sh
. "$here/wallclock.sh"
# shellcheck source=subtests.sh
. "$here/subtests.sh"
CLI=${INTEL_OA_METRICS_CLI:-$here/../tools/intel-oa-metrics}
VGPU_CTL=${VGPU_CTL:-$here/vgpu-ctl}

fail() { echo "FAIL: $*" >&2; return 1; }

# PCI id of the Intel render node's device, e.g. 0x1912.
device_id() {
	local v
	for v in /sys/class/drm/renderD*/device/vendor; do
		if [ "$(cat "$v" 2>/dev/null)" = 0x8086 ]; then
			cat "${v%/vendor}/device"
			return
		fi
	done
}

# Graphics generation of a PCI id, from the Documentation/platforms.rst
# and gen6-gen7.rst tables (written out here, not asked of the driver or
# the tools). IGT calls Haswell's Gen7.5 gen 7.
device_gen() {
	local gen
	# platform-ids.txt: every PCI id the driver binds, with its
	# generation (scripts/platforms --ids, from the platform table)
	gen=$(awk -v id="$1" '$1 == id { print $2; exit }' \
		"$here/platform-ids.txt" 2>/dev/null)
	# IGT numbers generations by graphics_ver: Haswell's is 7, DG2's
	# (12.55) and Meteor Lake's (12.70) 12
	if [ -n "$gen" ]; then echo "${gen%%.*}"; else echo unknown; fi
}

# Skip (77) unless libi915_perf of Debian's build has $METRIC for the
# device: it ships per-platform metric tables, and a platform without one
# is a limitation of that build, not of the driver.
require_metric() { # list output
	if ! echo "$1" | grep -q "^$METRIC:"; then
		echo "Test requirement not met: Debian's intel-gpu-tools $(dpkg-query -W -f '${Version}' intel-gpu-tools 2>/dev/null) has no $METRIC metric set for PCI device $(device_id) (gen $(device_gen "$(device_id)"))"
		return 77
	fi
}

# Sandy Bridge, Ivy Bridge and Valleyview: i915 never exposed OA there, so
# IGT's libi915_perf has no metric set for them (it starts at Haswell) and
# the recorder cannot open a stream; that is the tools' limit, not the
# driver's, and the C tests cover those platforms.
require_perf_platform() {
	local id gen
	id=$(device_id)
	gen=$(device_gen "$id")
	case $id in
	0x04??|0x0a??|0x0c??|0x0d??) return 0 ;;
	esac
	if [ "$gen" = 6 ] || [ "$gen" = 7 ]; then
		echo "Test requirement not met: PCI device $id is Gen$gen before Haswell: i915-perf (libi915_perf of intel-gpu-tools $(dpkg-query -W -f '${Version}' intel-gpu-tools 2>/dev/null)) has no metric sets for Sandy Bridge, Ivy Bridge or Valleyview"
		return 77
	fi
	return 0
}

require_tools() {
	local t
	for t in "$RECORDER" "$READER"; do
		if [ ! -x "$t" ]; then
			echo "Test requirement not met: $t not installed (apt-get install intel-gpu-tools)"
			return 77
		fi
	done
	if ! grep -qx 0x8086 /sys/class/drm/renderD*/device/vendor 2>/dev/null; then
		echo "Test requirement not met: no Intel render node (is intel_oa.ko loaded?)"
		return 77
	fi
	require_perf_platform
}

recorder_list_metrics() {
	local out id gen
	require_tools || return
	id=$(device_id)
	gen=$(device_gen "$id")
	out=$("$RECORDER" --metric list 2>&1)
	echo "$out" | head -40
	# The recorder prints the id without leading zeros (0x412).
	echo "$out" | grep -q "^Device name=.* gen=$gen .*id=$(printf '0x%x' "$id")\$" ||
		fail "recorder did not identify the device as gen $gen, id $id" || return
	require_metric "$out" || return
}

# i915-perf-reader (IGT 1.27.1, correlate_gpu_timestamp()) places a
# report in time by the low 32 bits of its timestamp against those of the
# recorder's RING_TIMESTAMP correlation points, and asserts when a report
# at or past the first point lies between no two of them. Where
# RING_TIMESTAMP counts at the reports' rate, that happens for every
# report across a wrap of the 32-bit timestamp (one every 224 s at
# 19.2 MHz). On Gen12.5 and later, where the reports count at twice its
# rate, for every report unless the first point's low 32 bits are at
# least 2^31, and then only 56 s on. So on silicon as here, a recording's
# readability depends on where the timestamp happens to be. Before each
# recording the virtual GPU's timestamp jumps to where the reader has the
# most room (vgpu-ctl clear-wrap, which says why): a whole wrap period
# before the next wrap, or 2^31 ticks of RING_TIMESTAMP (112 s at
# 19.2 MHz) for the recorder's start and twice the recording on Gen12.5
# and later, where vgpu-ctl gives the most it can for 200 s. On the
# instruction counter's clock recorder-record-read took 214 s of guest
# time on tgl with a build running beside the guest (26 s in a CI run):
# that is why Meteor Lake's suite runs on the host's clock.
# Without a control page the reader may abort.
clear_wrap() {
	"$VGPU_CTL" clear-wrap 200 ||
		echo "the timestamp stays where it is (vgpu-ctl said why): i915-perf-reader may not place the recording's reports"
}

# Record $METRIC with i915-perf-recorder into $1 for $2 s from when the
# stream is open; sets out to what the recorder printed.
igt_record() {
	local rec=$1 secs=$2 period=${3:-0.001} dir pid rc start now=0
	dir=$(dirname "$rec")
	clear_wrap
	# Line-buffered, so "Opening perf stream" shows as soon as it is said.
	stdbuf -oL -eL "$RECORDER" --metric "$METRIC" --output "$rec" --perf-period "$period" \
		--correlation-period 0.25 >"$dir/rec.out" 2>&1 &
	pid=$!
	# $secs of recording from when the stream is open: the recorder's own
	# start-up takes most of a second under TCG, and 69 s under the debug
	# kernel on dg2-g10 (measured). A background command of a
	# non-interactive bash starts with SIGINT ignored, until the recorder
	# installs its handler (just before it prints "Opening perf stream"):
	# a SIGINT sent earlier is lost and the recorder records until killed.
	# So no SIGINT before that line, and a recorder that does not exit on
	# it is killed and fails the subtest instead of hanging until
	# run-tests' timeout. The bounds are on the host's clock (wallclock.sh).
	wall_read start
	now=$start
	while ! grep -q 'Opening perf stream' "$dir/rec.out" 2>/dev/null; do
		if ! kill -0 "$pid" 2>/dev/null; then
			wait "$pid"
			fail "i915-perf-recorder exited with $? before opening a stream: $(cat "$dir/rec.out")"
			return
		fi
		wall_read now
		if [ $((now - start)) -ge 300 ]; then
			kill -KILL "$pid" 2>/dev/null
			wait "$pid" 2>/dev/null
			fail "i915-perf-recorder did not open a stream within 300 s: $(cat "$dir/rec.out")"
			return
		fi
		sleep 0.1
	done
	echo "stream open after $((now - start)) s (the host's clock)"
	sleep "$secs"
	kill -INT "$pid" 2>/dev/null
	wall_read start
	now=$start
	while kill -0 "$pid" 2>/dev/null && [ $((now - start)) -lt 60 ]; do
		sleep 0.1
		wall_read now
	done
	if kill -0 "$pid" 2>/dev/null; then
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		fail "i915-perf-recorder still running 60 s after SIGINT: $(cat "$dir/rec.out")"
		return
	fi
	wait "$pid"
	rc=$?
	out=$(cat "$dir/rec.out")
	echo "$out" | sed 's/^/recorder: /'
	[ "$rc" -eq 0 ] || { fail "i915-perf-recorder exited with $rc"; return; }
	return 0
}

recorder_record_read() {
	local dir rec out rout pid rc exp period phase n corr first last span range
	require_tools || return
	require_metric "$("$RECORDER" --metric list 2>&1)" || return
	dir=$(mktemp -d /tmp/i915-perf-recorder.XXXXXX)
	rec=$dir/oa.record
	igt_record "$rec" 1.5 || return
	exp=$(echo "$out" | sed -n 's/.*oa_exponent=\([0-9]*\).*/\1/p')
	[ -n "$exp" ] || { fail "recorder did not print the oa_exponent it opened the stream with"; return; }
	[ -s "$rec" ] || { fail "recording $rec is empty"; return; }

	rout=$("$READER" "$rec" 2>&1)
	rc=$?
	echo "$rout" | head -20 | sed 's/^/reader: /'
	[ "$rc" -eq 0 ] || { fail "i915-perf-reader exited with $rc"; return; }
	n=$(echo "$rout" | sed -n 's/^Reports: \([0-9]*\)$/\1/p')
	corr=$(echo "$rout" | sed -n 's/^Timestamp correlation points: \([0-9]*\)$/\1/p')
	# The raw range is in OA ticks; the other is converted to the command
	# streamer's clock, half the OA rate on Gen12.5 (dg2.rst), where the
	# period would then be 2^e. Use the raw one where the reader has it.
	range="OA raw data timestamp range"
	echo "$rout" | grep -q "^$range:" || range="OA data timestamp range"
	first=$(echo "$rout" | sed -n "s/^$range: *\(0x[0-9a-f]*\)-.*/\1/p")
	last=$(echo "$rout" | sed -n "s/^$range: *0x[0-9a-f]*-\(0x[0-9a-f]*\).*/\1/p")
	[ -n "$n" ] && [ "$n" -gt 0 ] || { fail "reader found no reports (Reports: '${n:-}')"; return; }
	[ -n "$corr" ] && [ "$corr" -ge 2 ] || { fail "fewer than 2 correlation points ('${corr:-}')"; return; }
	[ -n "$first" ] && [ -n "$last" ] || { fail "no '$range' line"; return; }

	# Period of exponent e is 2^(e+1) timestamp ticks. For e <= 19 every
	# context-switch report (each 2^20-tick slice boundary) shares a timer
	# tick's report, so the reports are exactly the timer ticks; Haswell
	# writes timer reports only, half a period past the multiples (its
	# strobe is a TIME_STAMP bit rising, Documentation/gen6-gen7.rst).
	[ "$exp" -le 19 ] || { fail "exponent $exp > 19 for a 1 ms period"; return; }
	period=$((2 << exp))
	phase=0
	[ "$(device_gen "$(device_id)")" -le 7 ] && phase=$((period / 2))
	# the reader prints the reports' 32-bit timestamps
	span=$(((last - first) & 0xffffffff))
	echo "exponent $exp: period $period ticks; $n reports spanning $span ticks; $corr correlation points"
	[ $((first % period)) -eq "$phase" ] || { fail "first timestamp $first is not $phase past a multiple of $period"; return; }
	[ $((span % period)) -eq 0 ] || { fail "timestamp span $span not a multiple of $period"; return; }
	[ $((span / period + 1)) -eq "$n" ] ||
		{ fail "$n reports but the timestamps span $((span / period + 1)) periods: reports lost or duplicated"; return; }
	# ~1.5 s at ~1.4 ms (1.7 ms on Gen12.5) after the stream opened:
	# expect at least dozens of reports, not a handful.
	[ "$n" -ge 50 ] || { fail "only $n reports in ~1.5 s"; return; }
	rm -rf "$dir"
}

recorder_fastest() {
	local dir rec rout rc n corr
	require_tools || return
	require_metric "$("$RECORDER" --metric list 2>&1)" || return
	dir=$(mktemp -d /tmp/i915-perf-fastest.XXXXXX)
	rec=$dir/oa.record
	igt_record "$rec" 1 0.000001 || return
	[ -s "$rec" ] || { fail "recording $rec is empty"; return; }
	rout=$("$READER" "$rec" 2>&1)
	rc=$?
	echo "$rout" | head -8 | sed 's/^/reader: /'
	[ "$rc" -eq 0 ] || { fail "i915-perf-reader exited with $rc on a $(stat -c %s "$rec")-byte recording"; return; }
	n=$(echo "$rout" | sed -n 's/^Reports: \([0-9]*\)$/\1/p')
	corr=$(echo "$rout" | sed -n 's/^Timestamp correlation points: \([0-9]*\)$/\1/p')
	[ -n "$n" ] && [ "$n" -gt 0 ] || { fail "reader found no reports (Reports: '${n:-}')"; return; }
	[ -n "$corr" ] && [ "$corr" -ge 2 ] || { fail "fewer than 2 correlation points ('${corr:-}')"; return; }
	echo "$n reports, $corr correlation points, $(stat -c %s "$rec") bytes"
	rm -rf "$dir"
}

reader_agreement() {
	local dir xml fam
	require_tools || return
	require_metric "$("$RECORDER" --metric list 2>&1)" || return
	xml=$("$top/scripts/fetch-oa-xml" --cached 2>/dev/null | tail -n1)
	if [ -z "$xml" ]; then
		echo "Test requirement not met: Intel's OA metric files are not fetched (scripts/fetch-oa-xml on the host; make check does)"
		return 77
	fi
	# The set's file: its family is the chipset, oa-<chipset>.xml; the
	# commands below then read that one file, not all of them.
	fam=$("$CLI" list --oa-xml "$xml" 2>/dev/null |
		sed -n "s/^$METRIC (\([a-z0-9]*\)).*/\1/p" | head -n1)
	if [ -z "$fam" ] || [ ! -f "$xml/oa-$fam.xml" ]; then
		echo "Test requirement not met: Mesa's OA metric files ($xml) have no $METRIC set for PCI device $(device_id)"
		return 77
	fi
	xml=$xml/oa-$fam.xml
	dir=$(mktemp -d /tmp/reader-agreement.XXXXXX)
	igt_record "$dir/i915-perf-recorder.rec" 0.25 || return
	clear_wrap
	"$CLI" record --oa-xml "$xml" --set "$METRIC" --duration 0.25 \
		-o "$dir/intel-oa-metrics.rec" ||
		{ fail "intel-oa-metrics record --oa-xml exited with $?"; return; }
	python3 "$top/scripts/check-reader-agreement" --metrics "$CLI" \
		--reader "$READER" --oa-xml "$xml" \
		"$dir/i915-perf-recorder.rec" "$dir/intel-oa-metrics.rec" ||
		{ fail "i915-perf-reader and intel-oa-metrics disagree"; return; }
	rm -rf "$dir"
}

subtests_main "$@"
