# SPDX-License-Identifier: GPL-2.0
# Shared helpers for the scripts in this directory. Source it; do not run it.

INTEL_OA_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
INTEL_OA_CACHE=${INTEL_OA_CACHE:-${XDG_CACHE_HOME:-${HOME:-$(getent passwd "$(id -u)" | cut -d: -f6)}/.cache}/intel-oa}
INTEL_OA_BUILD=${INTEL_OA_BUILD:-$INTEL_OA_TOP/build}

say() { printf '%s\n' "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# The Debian kernel a guest boots and the module is built against: the
# newest installed image of one series that also has its headers (they
# must be the same version). The series is pinned, never "the newest
# kernel installed": 6.1 (bookworm's own, linux-image-amd64) unless $1
# says 6.12 (bookworm's second kernel, linux-image-6.12-amd64).
guest_kver() {
	local series=${1:-6.1} v best=
	for v in /boot/vmlinuz-"$series".*; do
		[ -e "$v" ] || continue
		v=${v#/boot/vmlinuz-}
		[ -d "/lib/modules/$v/build" ] || continue
		if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best"; then
			best=$v
		fi
	done
	[ -n "$best" ] || die "no Debian $series kernel with headers found: run scripts/setup (installs linux-image-amd64, linux-headers-amd64 and the 6.12 pair)"
	printf '%s\n' "$best"
}

# The debug kernel's build tree (scripts/build-debug-kernel), if built for
# the current config; fails otherwise. Never builds.
debug_kernel_tree() {
	local t
	t=$("$INTEL_OA_TOP/scripts/build-debug-kernel" --path 2>/dev/null) || return 1
	[ -f "$t/.done" ] || return 1
	printf '%s\n' "$t"
}
