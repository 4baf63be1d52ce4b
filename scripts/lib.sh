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

as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

# The machine's own Debian bookworm entry, as "URIS SIGNED-BY COMPONENTS"
# (components comma-separated, "-" for a field it lacks), from the deb822
# file Debian 12 ships (debian.sources); nothing when there is none.
debian_entry() {
	local f=/etc/apt/sources.list.d/debian.sources
	[ -f "$f" ] || return 0
	# first stanza whose Suites has plain "bookworm"
	awk -v RS= '
		/(^|\n)Types:[^\n]*deb/ && /(^|\n)Suites:[^\n]*bookworm( |$|\n)/ {
			u = s = c = "-"
			n = split($0, l, "\n")
			for (i = 1; i <= n; i++) {
				if (l[i] ~ /^URIs:/) { sub(/^URIs: */, "", l[i]); u = l[i] }
				if (l[i] ~ /^Signed-By:/) { sub(/^Signed-By: */, "", l[i]); s = l[i] }
				if (l[i] ~ /^Components:/) { sub(/^Components: */, "", l[i]); gsub(/ /, ",", l[i]); c = l[i] }
			}
			print u, s, c; exit
		}' "$f"
}

# The machine's one-line "deb ... bookworm ..." entry (older setups).
debian_list_line() {
	grep -hs '^deb \(\[[^]]*\] \)\?[^ ]* bookworm ' \
		/etc/apt/sources.list /etc/apt/sources.list.d/*.list | head -n1
}

# Add a deb-src entry for suites $2 (components $3) that mirrors the
# machine's own deb entry, in sources.list.d file $1 (.sources or .list):
# apt refuses two entries for one archive whose Signed-By differ, so the
# deb-src entry must use the same URI and keyring as the deb one.
add_deb_src_entry() {
	local file=$1 suites=$2 comps=$3 uris signed dcomps line s
	read -r uris signed dcomps < <(debian_entry)
	if [ -n "${uris:-}" ] && [ "$uris" != - ]; then
		say "adding a deb-src entry for $suites ($uris) to apt's sources"
		{
			echo "Types: deb-src"
			echo "URIs: $uris"
			echo "Suites: $suites"
			echo "Components: ${comps:-${dcomps//,/ }}"
			[ "$signed" != - ] && echo "Signed-By: $signed"
		} | as_root tee "/etc/apt/sources.list.d/$file.sources" >/dev/null
		return
	fi
	line=$(debian_list_line)
	[ -n "$line" ] || die "no Debian bookworm entry in apt's sources to base a deb-src entry on; add 'deb-src <mirror> $suites ${comps:-main}' yourself"
	say "adding a deb-src entry for $suites to apt's sources"
	if [ -z "$comps" ]; then
		# bookworm's own line: the same components, deb-src
		echo "deb-src ${line#deb }" |
			as_root tee "/etc/apt/sources.list.d/$file.list" >/dev/null
		return
	fi
	line=${line#deb }
	if [ "${line#[}" != "$line" ]; then
		# keep the entry's [options] (its keyring)
		line="${line%%]*}] $(set -- ${line#*] }; echo "$1")"
	else
		line=${line%% *}
	fi
	for s in $suites; do
		echo "deb-src $line $s $comps"
	done | as_root tee "/etc/apt/sources.list.d/$file.list" >/dev/null
}

add_deb_src() {
	add_deb_src_entry intel-oa-deb-src "bookworm bookworm-updates" ""
}

# A deb-src entry for bookworm-backports (main), unless one names it.
ensure_backports_deb_src() {
	has_deb_src bookworm-backports ||
		add_deb_src_entry intel-oa-backports-src bookworm-backports main
}

# Add bookworm's non-free-firmware component from the same archive as the
# machine's own Debian entry (a local mirror stays the mirror), unless an
# entry already names it.
add_non_free_firmware() {
	local uris signed comps line
	grep -rqs non-free-firmware /etc/apt/sources.list /etc/apt/sources.list.d && return 0
	read -r uris signed comps < <(debian_entry)
	if [ -n "${uris:-}" ] && [ "$uris" != - ]; then
		say "setup: adding Debian's non-free-firmware component from $uris" \
		    "(/etc/apt/sources.list.d/intel-oa-non-free-firmware.sources) for" \
		    "firmware-misc-nonfree, the GuC firmware"
		{
			echo "Types: deb"
			echo "URIs: $uris"
			echo "Suites: bookworm"
			echo "Components: non-free-firmware"
			[ "$signed" != - ] && echo "Signed-By: $signed"
		} | as_root tee /etc/apt/sources.list.d/intel-oa-non-free-firmware.sources >/dev/null
	else
		line=$(debian_list_line)
		[ -n "$line" ] || die "no Debian bookworm entry in apt's sources to add non-free-firmware next to; add 'non-free-firmware' to your bookworm entry yourself (firmware-misc-nonfree has the GuC firmware)"
		line=${line#deb }
		say "setup: adding Debian's non-free-firmware component to apt's sources" \
		    "for firmware-misc-nonfree, the GuC firmware"
		# the entry's options and URI, then bookworm non-free-firmware
		echo "deb ${line%% bookworm *} bookworm non-free-firmware" |
			as_root tee /etc/apt/sources.list.d/intel-oa-non-free-firmware.list >/dev/null
	fi
}

# Make apt-get source work: a deb-src entry for bookworm unless one exists.
ensure_deb_src() {
	if ! has_deb_src bookworm; then
		add_deb_src
	fi
}

# Is there a deb-src entry (one-line or deb822) for suite $1 exactly?
has_deb_src() {
	local f
	grep -qsE "^deb-src ([[][^]]*[]] )?[^ ]+ $1( |\$)" \
		/etc/apt/sources.list /etc/apt/sources.list.d/*.list && return 0
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -r "$f" ] || continue
		awk -v suite="$1" '
			/^[[:space:]]*$/ { if (src && hit) found = 1; src = hit = 0; next }
			/^Types:/ { src = / deb-src( |$)/ }
			/^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) hit = 1 }
			END { exit !(found || (src && hit)) }' "$f" && return 0
	done
	return 1
}
