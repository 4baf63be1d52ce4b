#!/bin/bash
# SPDX-License-Identifier: MIT
#
# oa_metrics.sh: intel-oa-metrics records the platform's "Render" metric set
# under the activity workload (Documentation/counters.rst) and the derived
# metrics it prints mean what their names say. Same command line as the C
# tests: --list-subtests, --run-subtest NAME.
#
# Subtests:
#   render-activity  record --set Render --duration 1 --print --output csv
#                    with workload = 1; in every period each EU metric
#                    (eu_active, eu_stall, eu_fpu0/fpu1/send/fpu_both
#                    _active_percent) is gpu_busy_percent times its share
#                    of busy EU cycles: counters.rst's per-EU table (per
#                    32-cycle period, by e mod 8) averaged over the
#                    subslice's EUs (GETPARAM EU_TOTAL / SUBSLICE_TOTAL);
#                    with 8 EUs: some-pipe 180, stall 76 (Gen12.5 196,
#                    60), FPU0 128, FPU1 84, SEND 16, both 48 of 256;
#                    gpu_busy_percent in [0, 100] and exactly 100 in at
#                    least one period (slices are 2^20 ticks: most periods
#                    lie inside one), 0 in any idle one; metrics the set
#                    lacks are not checked. Gen6/7 skip: no flex EU
#                    counters, A counters stay linear (counters.rst).
#   render-activity-mmap  the same, recorded with --mmap (the records are
#                    written straight from the mapped stream ring).
#   media-set        Meteor Lake and Arrow Lake (mtl.rst): record --set
#                    Media, the suite's set of the media GT's OAM, on the
#                    OAM (the set's OAM format chooses it) for 1 s; in
#                    every period mpecK_per_second is (K + 1) times the
#                    OA timestamp frequency (the linear workload of
#                    vgpu-contract.rst: OAM does not count the activity
#                    workload) and gpu_core_clocks_per_second 50 times it;
#                    skipped on a GPU without an OAM.
#   stat-top-rate    intel-oa-stat at exponent 0 (or the generation's
#                    smallest, which it names when it refuses 0) with its
#                    defaults opens and streams (userspace.rst): readers
#                    are woken per 50 ms of reports, but at most per a
#                    quarter of what the 16 MiB ring holds of the format's
#                    records (16 MiB / (8 + size) / 4); timer reports
#                    arrive (on the host's clock TCG may only overflow
#                    the OA buffer at that rate: buffer-lost records).
#   stat-wait-too-large  intel-oa-stat --wait-reports beyond what the ring
#                    holds is refused by the tool, naming the ring's
#                    capacity, before any stream is opened.
#   print-threads    intel-oa-metrics print of a recording of more than
#                    4,096 reports (record --set Render, 25 us, 0.25 s,
#                    else 1 s, else 4 s when the host starved the guest)
#                    writes the same csv with its writer thread (default)
#                    as with --threads 1.
#   stat-einval      every property of intel-oa-stat that only the driver
#                    checks, given a value the driver refuses (EINVAL),
#                    fails with a message naming that property and its
#                    value: --oa-buffer 3M and --ring 3M (not powers of
#                    two), --poll-period 50us (i915's minimum is 100 us),
#                    --metrics-set 99999 (no such set), --engine video:9
#                    (no such engine); no drm.debug needed.

set -u
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=subtests.sh
. "$here/subtests.sh"
CLI=${INTEL_OA_METRICS_CLI:-$here/../tools/intel-oa-metrics}
STAT=${INTEL_OA_STAT:-$here/../tools/intel-oa-stat}
VGPU_CTL=${VGPU_CTL:-$here/vgpu-ctl}
SUBTESTS="render-activity render-activity-mmap media-set stat-top-rate stat-wait-too-large stat-einval print-threads"

fail() { echo "FAIL: $*" >&2; return 1; }

# The card under test, as /dev/dri/cardN: IGT_DEVICE's (run-tests
# --each-device sets sys:<PCI device path>; drm:/dev/dri/cardN works too),
# else the first Intel card.
test_card() {
	local v p
	case ${IGT_DEVICE:-} in
	drm:*) echo "${IGT_DEVICE#drm:}"; return ;;
	sys:*)
		p=${IGT_DEVICE#sys:}
		case $p in */drm/card*) echo "/dev/dri/${p##*/}"; return ;; esac
		for v in "$p"/drm/card*; do
			[ -e "$v" ] && { echo "/dev/dri/${v##*/}"; return; }
		done
		return ;;
	esac
	for v in /sys/class/drm/card*/device/vendor; do
		[ "$(cat "$v" 2>/dev/null)" = 0x8086 ] || continue
		p=${v%/device/vendor}
		echo "/dev/dri/${p##*/}"
		return
	done
}

# Graphics generation of a card from its PCI id: 6, 7, 7.5, 12.5, 12.70,
# or 8+ (platform-ids.txt: scripts/platforms --ids, from the platform
# table).
card_gen() {
	local id gen
	id=$(cat "/sys/class/drm/${1##*/}/device/device" 2>/dev/null) || return
	gen=$(awk -v id="$id" '$1 == id { print $2; exit }' \
		"$here/platform-ids.txt" 2>/dev/null)
	case $gen in
	6|7|7.5|12.5|12.70) echo "$gen" ;;
	*) echo 8+ ;;
	esac
}

# DRM_IOCTL_I915_GETPARAM PARAM on card $1 (python's ctypes: no C helper).
card_getparam() {
	python3 - "$1" "$2" <<'PY'
import ctypes, fcntl, os, sys

# struct drm_i915_getparam { int param; int *value; }
fd = os.open(sys.argv[1], os.O_RDWR)
val = ctypes.c_int(0)
arg = ctypes.create_string_buffer(16)
ctypes.memmove(arg, ctypes.byref(ctypes.c_int(int(sys.argv[2]))), 4)
ctypes.memmove(ctypes.addressof(arg) + 8,
               ctypes.byref(ctypes.c_void_p(ctypes.addressof(val))), 8)
fcntl.ioctl(fd, 0xc0106446, arg, True)
os.close(fd)
print(val.value)
PY
}

stat_top_rate() {
	local card out rc e=0 size period n bl want cap got
	card=$(test_card)
	out=$("$STAT" -d "$card" --discard --exponent 0 --duration 0.1 2>&1)
	rc=$?
	# a generation whose shortest period is longer (Sandy Bridge: 3)
	if [ "$rc" != 0 ] && echo "$out" | grep -q "is too small for"; then
		e=$(echo "$out" | sed -n 's/.*use --exponent \([0-9]*\)\.\.31.*/\1/p')
		out=$("$STAT" -d "$card" --discard --exponent "$e" --duration 0.1 2>&1)
		rc=$?
	fi
	size=$(echo "$out" | sed -n 's/^stream .*(\([0-9]*\) bytes.*/\1/p')
	period=$(echo "$out" | sed -n 's/^stream .*(period \([0-9]*\) ns).*/\1/p')
	n=$(echo "$out" | awk '/^timer reports/ { print $3 }')
	bl=$(echo "$out" | awk '/^buffer-lost records/ { print $3 }')
	# On the host's clock TCG writes the reports of a late main loop in
	# one burst: at 6 MHz that overflows the OA buffer before a drain
	# (buffer-lost records, no report: the tool exits 1). The unit ran at
	# the rate all the same; on the instruction counter reports arrive.
	[ "$rc" = 0 ] || { [ "${n:-}" = 0 ] && [ "${bl:-0}" -gt 0 ]; } ||
		{ fail "intel-oa-stat -e $e failed: $(echo "$out" | tail -3)"; return 1; }
	got=$(echo "$out" | sed -n 's/.*readers woken per \([0-9]*\) reports.*/\1/p')
	[ -n "$size" ] && [ -n "$period" ] && [ "$period" -gt 0 ] ||
		{ fail "no format size or period in: $(echo "$out" | head -3)"; return 1; }
	# 50 ms of reports, at most a quarter of what the 16 MiB ring holds
	want=$(( 50000000 / period ))
	cap=$(( 16777216 / (8 + size) / 4 ))
	[ "$want" -gt "$cap" ] && want=$cap
	echo "exponent $e, format of $size bytes, period $period ns: $n timer reports, readers woken per $got, expected $want"
	[ "$got" = "$want" ] ||
		{ fail "wake-up threshold $got, expected $want"; return 1; }
	[ "${n:-0}" -gt 0 ] || [ "${bl:-0}" -gt 0 ] ||
		{ fail "no timer report and no buffer-lost record"; return 1; }
}

stat_wait_too_large() {
	local out rc
	out=$("$STAT" -d "$(test_card)" --wait-reports 1000000000 --duration 0.1 2>&1)
	rc=$?
	echo "$out" | tail -1
	[ "$rc" != 0 ] && echo "$out" | grep -q "ring holds only" ||
		{ fail "exit $rc, expected a refusal naming the ring's capacity"; return 1; }
}

stat_einval() {
	local card out rc bad=0 args want
	card=$(test_card)
	while IFS='|' read -r args want; do
		# shellcheck disable=SC2086
		out=$("$STAT" -d "$card" $args --duration 0.1 2>&1)
		rc=$?
		echo "$args: $(echo "$out" | tail -1)"
		if [ "$rc" = 0 ] || ! echo "$out" | grep -qF "Invalid argument: the driver refuses $want"; then
			fail "$args: exit $rc, expected a refusal naming $want"
			bad=1
		fi
	done <<'EOF'
--oa-buffer 3M|the OA buffer size (INTEL_OA_PERF_PROP_OA_BUFFER_SIZE = 3145728 bytes)
--ring 3M|the ring size (INTEL_OA_PERF_PROP_RING_SIZE = 3145728 bytes)
--poll-period 50us|the poll period (DRM_I915_PERF_PROP_POLL_OA_PERIOD = 50000 ns)
--metrics-set 99999|the metrics set (DRM_I915_PERF_PROP_OA_METRICS_SET = 99999)
--engine video:9|the engine (DRM_I915_PERF_PROP_OA_ENGINE_CLASS:INSTANCE = 2:9)
EOF
	return $bad
}

print_threads() {
	local card dir n=0 d err rc=0
	[ -x "$CLI" ] || { echo "Test requirement not met: $CLI not built (make -C tools)"; return 77; }
	card=$(test_card)
	"$CLI" list --device "$card" 2>/dev/null | grep -qw Render ||
		{ echo "Test requirement not met: no Render set for this platform in the metric files ($CLI list)"; return 77; }
	dir=$(mktemp -d /tmp/oa_metrics.XXXXXX)
	# The periods a recording holds depend on how much CPU the guest
	# got while it recorded (a loaded host starves the reader and the
	# drain, and the ring drops what they could not take), so record
	# for longer until it holds enough: what this subtest checks is
	# the print, not the recording.
	for d in 0.25 1 4; do
		if ! "$CLI" record --set Render --device "$card" --period-us 25 \
			--duration "$d" -o "$dir/rec" >"$dir/log" 2>&1; then
			fail "record: $(tail -3 "$dir/log")"
			rm -rf "$dir"
			return 1
		fi
		"$CLI" print "$dir/rec" --output csv --threads 1 \
			>"$dir/one.csv" 2>"$dir/one.err" ||
			{ fail "print --threads 1: $(tail -3 "$dir/one.err")"; rm -rf "$dir"; return 1; }
		n=$(($(wc -l <"$dir/one.csv") - 1))
		[ "$n" -gt 4096 ] && break
		err=$(cat "$dir/one.err")
		echo "a $d s recording held $n periods${err:+ ($err)}; recording for longer"
	done
	[ "$n" -gt 4096 ] || { fail "only $n periods in a 4 s recording: the writer thread was not used"; rm -rf "$dir"; return 1; }
	if ! "$CLI" print "$dir/rec" --output csv >"$dir/two.csv" 2>/dev/null; then
		fail "print --output csv failed"
		rc=1
	elif ! cmp -s "$dir/one.csv" "$dir/two.csv"; then
		fail "--output csv: --threads 1 and 2 differ"
		rc=1
	fi
	echo "$n periods, the same csv with and without the writer thread"
	rm -rf "$dir"
	return $rc
}

render_activity() {
	local card gen dir rc mmap=${1:-}
	[ -x "$CLI" ] || { echo "Test requirement not met: $CLI not built (make -C tools)"; return 77; }
	[ -x "$VGPU_CTL" ] || { echo "Test requirement not met: $VGPU_CTL missing"; return 77; }
	card=$(test_card)
	gen=$(card_gen "$card")
	case $gen in
	"") echo "Test requirement not met: no Intel DRM card${IGT_DEVICE:+ for IGT_DEVICE=$IGT_DEVICE} (is intel_oa.ko loaded?)"; return 77 ;;
	6|7|7.5) echo "Test requirement not met: Gen$gen has no flex EU counters and linear A counters under the activity workload"; return 77 ;;
	esac
	[ "$("$VGPU_CTL" get version 2>/dev/null || echo 0)" -ge 3 ] ||
		{ echo "Test requirement not met: control page version < 3 (no workload switch)"; return 77; }
	"$CLI" list --device "$card" 2>/dev/null | grep -qw Render ||
		{ echo "Test requirement not met: no Render set for this platform in the metric files ($CLI list)"; return 77; }

	dir=$(mktemp -d /tmp/oa_metrics.XXXXXX)
	"$VGPU_CTL" set workload 1 || { fail "vgpu-ctl set workload 1"; return; }
	# shellcheck disable=SC2086
	"$CLI" record --set Render --device "$card" --duration 1 $mmap -o "$dir/rec" \
		--print --output csv \
		>"$dir/out.csv" 2>"$dir/err"
	rc=$?
	"$VGPU_CTL" set workload 0
	sed 's/^/record: /' "$dir/err" | head -20
	[ "$rc" -eq 0 ] || { fail "intel-oa-metrics record exited with $rc"; return; }
	head -3 "$dir/out.csv" | cut -c1-300

	# EU_TOTAL / SUBSLICE_TOTAL
	python3 - "$dir/out.csv" "$gen" \
		$(($(card_getparam "$card" 34) / $(card_getparam "$card" 33))) <<'PY'
import csv, sys
path, gen, eus = sys.argv[1], sys.argv[2], int(sys.argv[3])

# counters.rst "Per-EU counts per 32-cycle busy period", by e8 = e mod 8.
# Meteor Lake's render GT counts Gen12.5's EU model (mtl.rst)
xehp = gen in ("12.5", "12.70")
table = {
    "eu_active_percent": [29, 29, 28, 26, 24, 22, 20, 18] if xehp
                         else [24, 24, 24, 24, 24, 22, 20, 18],
    "eu_stall_percent": [3, 3, 4, 6, 8, 10, 12, 14] if xehp
                        else [8, 8, 8, 8, 8, 10, 12, 14],
    "eu_fpu0_active_percent": [16] * 8,
    "eu_fpu1_active_percent": [11, 11, 11, 11, 11, 11, 10, 8],
    "eu_send_active_percent": [3, 3, 3, 3, 3, 1, 0, 0],
    "eu_fpu_both_active_percent": [6] * 8,
}
# Share of an EU's busy cycles, averaged over the subslice's EUs.
share = {m: sum(t[e % 8] for e in range(eus)) / (32 * eus) for m, t in table.items()}
rows = list(csv.DictReader(open(path)))
if len(rows) < 10:
    sys.exit("FAIL: only %d periods" % len(rows))
if "gpu_busy_percent" not in rows[0]:
    sys.exit("FAIL: the Render set has no gpu_busy_percent column")
checked = [m for m in share if m in rows[0]]
full = 0
bad = 0
for r in rows:
    if r["gpu_busy_percent"] == "":
        continue
    busy = float(r["gpu_busy_percent"])
    if not -1e-9 <= busy <= 100 + 1e-9:
        print("FAIL: period %s: gpu_busy_percent %g" % (r["period"], busy)); bad += 1
    full += abs(busy - 100) < 1e-9
    for m in checked:
        if r[m] == "":
            continue
        want = busy * share[m]
        if abs(float(r[m]) - want) > 1e-6 * max(1.0, want):
            if bad < 20:
                print("FAIL: period %s: %s = %s, expected %.9g (busy %g%%, %d EUs per subslice)" % (r["period"], m, r[m], want, busy, eus))
            bad += 1
if not full:
    print("FAIL: no period with gpu_busy_percent 100"); bad += 1
print("%d periods, %d fully busy, %d EUs per subslice; checked %s" % (len(rows), full, eus, ", ".join(["gpu_busy_percent"] + checked)))
sys.exit(1 if bad else 0)
PY
	rc=$?
	rm -rf "$dir"
	return $rc
}

media_set() {
	local card gen dir rc
	[ -x "$CLI" ] || { echo "Test requirement not met: $CLI not built (make -C tools)"; return 77; }
	card=$(test_card)
	gen=$(card_gen "$card")
	[ -n "$gen" ] || { echo "Test requirement not met: no Intel DRM card${IGT_DEVICE:+ for IGT_DEVICE=$IGT_DEVICE} (is intel_oa.ko loaded?)"; return 77; }
	[ "$gen" = 12.70 ] ||
		{ echo "Test requirement not met: Gen$gen has no media GT OAM (Meteor Lake and Arrow Lake have)"; return 77; }
	dir=$(mktemp -d /tmp/oa_metrics.XXXXXX)
	"$CLI" record --set Media --device "$card" --duration 1 -o "$dir/rec" \
		--print --output csv >"$dir/out.csv" 2>"$dir/err"
	rc=$?
	sed 's/^/record: /' "$dir/err" | head -20
	[ "$rc" -eq 0 ] || { fail "intel-oa-metrics record exited with $rc"; rm -rf "$dir"; return; }
	head -3 "$dir/out.csv" | cut -c1-300
	# I915_PARAM_OA_TIMESTAMP_FREQUENCY
	python3 - "$dir/out.csv" "$(card_getparam "$card" 57)" <<'PY'
import csv, sys
path, hz = sys.argv[1], int(sys.argv[2])
want = {"mpec%d_per_second" % k: (k + 1) * hz for k in range(8)}
want["gpu_core_clocks_per_second"] = 50 * hz
rows = list(csv.DictReader(open(path)))
if len(rows) < 10:
    sys.exit("FAIL: only %d periods" % len(rows))
bad = 0
for r in rows:
    for m, w in want.items():
        if m not in r:
            sys.exit("FAIL: the Media set has no %s column" % m)
        if abs(float(r[m]) - w) > 1e-9 * w:
            if bad < 20:
                print("FAIL: period %s: %s = %s, expected %d" % (r["period"], m, r[m], w))
            bad += 1
print("%d periods at %d Hz; checked %s" % (len(rows), hz, ", ".join(sorted(want))))
sys.exit(1 if bad else 0)
PY
	rc=$?
	rm -rf "$dir"
	return $rc
}

# the same, recorded through the mapped ring
render_activity_mmap() { render_activity --mmap; }

subtests_main "$@"
