#!/bin/bash
# SPDX-License-Identifier: MIT
#
# oa_guc_boot.sh MODULE DIR: the GuC boot ROM's signature check, through
# the driver's firmware load (Documentation/guc-firmware.rst). DIR holds
# scripts/make-guc-test-images' output; the guest's DG2 must check with
# its test key:
#   INTEL_OA_DEVICE_PROPS=guc-key=DIR/modulus \
#     scripts/vm-run --no-module --platform dg2-g10 -- \
#     build/igt/oa_guc_boot.sh build/intel_oa.ko DIR
# Each case loads the module with one image and checks the kernel log for
# the verdict. Prints one line per case and "N passed, N failed, 0 skipped".

set -u
ko=${1:?usage: oa_guc_boot.sh MODULE DIR}
dir=${2:?usage: oa_guc_boot.sh MODULE DIR}
passed=0
failed=0

[ -r "$dir/signed.bin" ] || { echo "no $dir/signed.bin: run scripts/make-guc-test-images $dir"; exit 1; }
# firmware_class's path must be absolute
dir=$(realpath "$dir")
modprobe drm || exit 1
# request_firmware() looks here first, then in /lib/firmware
printf '%s' "$dir" >/sys/module/firmware_class/parameters/path || exit 1

gpu=
for d in /sys/bus/pci/devices/*; do
	if [ "$(cat "$d/vendor")" = 0x8086 ] && [ "$(cat "$d/class")" = 0x030000 ]; then
		gpu=${d##*/}
		break
	fi
done

# ctl_write OFFSET VALUE: write the control page (BAR2) with the driver
# unbound; prints what it reads back
ctl_write() {
	echo 1 >"/sys/bus/pci/devices/$gpu/enable"
	python3 - "/sys/bus/pci/devices/$gpu/resource2" "$1" "$2" <<'PY'
import mmap, os, struct, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_SYNC)
m = mmap.mmap(fd, 4096)
off, val = int(sys.argv[2], 0), int(sys.argv[3], 0)
m[off:off + 4] = struct.pack('<I', val)
print(struct.unpack('<I', m[off:off + 4])[0])
PY
	echo 0 >"/sys/bus/pci/devices/$gpu/enable"
}

# debugfs guc counter NAME of the bound GPU, or "none"
guc_stat() {
	local f
	for f in /sys/kernel/debug/dri/*/guc; do
		[ -r "$f" ] && sed -n "s/^$1: //p" "$f" && return
	done
	echo none
}

# case NAME IMAGE|"" EXPECTED-LOG-LINE...: load, check every line is there
case_() {
	local name=$1 image=$2 want missing=
	shift 2
	dmesg -C
	if ! insmod "$ko" ${image:+guc_firmware_path=$image}; then
		echo "FAIL $name: insmod failed"
		failed=$((failed + 1))
		return
	fi
	for want in "$@" "OA perf ready"; do
		dmesg | grep -qF -- "$want" || missing="$missing [$want]"
	done
	if [ -z "$missing" ]; then
		echo "ok   $name"
		passed=$((passed + 1))
	else
		echo "FAIL $name: no kernel log line with$missing; the log:"
		dmesg | grep intel_oa | tail -6
		failed=$((failed + 1))
	fi
	rmmod intel_oa
}

# Intel's image on a part that holds another key: the real rejection
case_ "Intel's image, a part with the test key" "" \
	"i915/dg2_guc_70.bin: load failed: GUC_STATUS 0x400000a0 (boot ROM 0x50" \
	"GuC: firmware signature verification failed" \
	"GuC not available (-8)"
case_ "re-signed with the test key" signed.bin ", GuC ready, OA perf ready"
case_ "one uCode byte changed" bad-ucode.bin \
	"(boot ROM 0x50, uKernel 0x00, MIA 0x0, auth 0x1)" \
	"GuC not available (-8)"
case_ "one signature byte changed" bad-sig.bin \
	"(boot ROM 0x50, uKernel 0x00, MIA 0x0, auth 0x1)"
case_ "a header asking for a 2048-bit key" key2048.bin \
	"(boot ROM 0x13, uKernel 0x00, MIA 0x0, auth 0x0)" \
	"the image asks for a key this GPU does not have"
case_ "a header whose sizes disagree" bad-header.bin \
	"bad-header.bin: CSS header sizes disagree" "GuC not available (-8)"
case_ "no such file" none.bin \
	"GuC firmware none.bin not found (-2)" "GuC not available (-2)"
# unbind reset the GuC each time: it boots again
case_ "re-signed, after all of the above" signed.bin \
	", GuC ready, OA perf ready"

# The CT set-up requests go over the MMIO mailbox. A GuC that answers
# them BUSY and 300 ms late (control page guc-late): the driver waits
# (xe_guc_mmio_send_recv()'s second wait) and binds with the GuC ready.
# 1500 ms late: the first request times out after 1 s, the GuC is left
# unavailable and streams still work.
mount -t debugfs none /sys/kernel/debug 2>/dev/null
late=$(ctl_write 0x70 300)
dmesg -C
insmod "$ko" guc_firmware_path=signed.bin
busy=$(guc_stat h2g_busy)
if [ "$late" = 300 ] && dmesg | grep -qF ", GuC ready, OA perf ready" &&
   { [ "$busy" = none ] || [ "$busy" -ge 7 ]; }; then
	echo "ok   set-up answered BUSY, 300 ms late: bound ($busy BUSY replies)"
	passed=$((passed + 1))
else
	echo "FAIL set-up answered 300 ms late: guc-late read $late, h2g_busy $busy; the log:"
	dmesg | grep intel_oa | tail -4
	failed=$((failed + 1))
fi
rmmod intel_oa
late=$(ctl_write 0x70 1500)
case_ "set-up answered 1500 ms late" signed.bin \
	"GuC still busy with SELF_CFG (action 0x0508) after 1000 ms" \
	"GuC CT set-up failed (-110)" "GuC not available (-110)"
ctl_write 0x70 0 >/dev/null
case_ "re-signed, prompt GuC again" signed.bin ", GuC ready, OA perf ready"

# Another driver's GuC (control page guc-preloaded): probe refuses it;
# after a function level reset (the AF capability) it binds again.
running=$(ctl_write 0x80 1)		# guc-preloaded
dmesg -C
insmod "$ko" guc_firmware_path=signed.bin
if [ "$running" = 1 ] && [ ! -e "/sys/bus/pci/drivers/intel_oa/$gpu" ] &&
   dmesg | grep -qF "GuC already running (GUC_STATUS 0x8000f0ec): another driver loaded it"; then
	echo "ok   another driver's GuC: not bound"
	passed=$((passed + 1))
else
	echo "FAIL another driver's GuC: guc-preloaded read $running; the log:"
	dmesg | grep intel_oa | tail -4
	failed=$((failed + 1))
fi
rmmod intel_oa
echo 1 >"/sys/bus/pci/devices/$gpu/reset"
case_ "after a function level reset" signed.bin ", GuC ready, OA perf ready"

echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
