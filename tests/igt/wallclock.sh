# SPDX-License-Identifier: MIT
# shellcheck shell=bash
#
# wallclock.sh: bounds against hangs on the host's clock, for run-tests
# and the shell tests (sourced, bash).
#
# A guest on QEMU's instruction counter (vm-run --icount, -icount
# sleep=off) runs its clock by the instructions it executes, and whenever
# all its CPUs are idle the clock jumps to its next timer. While the guest
# waits for the host (its root file system is the host's, read over 9p)
# its clock runs far ahead of the host's: a boot ends at 250-300 s of
# uptime after 20 s, and a batch of subtests that took a minute was
# killed at 600 s of its clock. A bound meant to catch a hang must not
# count that, so it is taken on the RTC: QEMU's RTC follows the host's
# clock (-rtc clock=host, its default) whatever the guest's clock does.
# On real hardware and on guests of the host's clock the two agree. The
# RTC counts whole seconds; a guest without one uses its own clock.

# Set variable $1 to the seconds of the host's clock (the RTC's).
wall_read() {
	local _wall_t
	if ! read -r _wall_t 2>/dev/null </sys/class/rtc/rtc0/since_epoch; then
		_wall_t=$EPOCHSECONDS
	fi
	printf -v "$1" '%s' "$_wall_t"
}

# The watchdog of wall_bounded: $1 the group's pid, $2 the bound, $3 the
# grace period, $4 the flag file (says "term" or "kill" once it acted),
# $5 a FIFO nobody writes: reading it with -t sleeps without a process.
_wall_watch() {
	local pid=$1 secs=$2 grace=$3 flag=$4 fd start now
	exec {fd}<>"$5"
	wall_read start
	while kill -0 "$pid" 2>/dev/null; do
		wall_read now
		if [ $((now - start)) -ge "$secs" ]; then
			echo term >"$flag"
			kill -TERM -- "-$pid" 2>/dev/null
			start=$now
			while kill -0 -- "-$pid" 2>/dev/null; do
				wall_read now
				if [ $((now - start)) -ge "$grace" ]; then
					echo kill >"$flag"
					kill -KILL -- "-$pid" 2>/dev/null
					break
				fi
				read -r -t 1 -u "$fd" _
			done
			return
		fi
		read -r -t 1 -u "$fd" _
	done
}

# wall_bounded SECS GRACE CMD [ARG...]: run CMD in a session of its own
# for at most SECS seconds of the host's clock, then SIGTERM its process
# group and SIGKILL it GRACE seconds later if any of it is left. The
# status is CMD's, or as timeout(1) -k gives it: 124 when the bound was
# reached, 137 when SIGKILL was needed. Signals go to the whole group, so
# a test's children (a recorder, a reader) go with it.
wall_bounded() {
	local secs=$1 grace=$2 dir pid wd rc how=
	shift 2
	dir=$(mktemp -d "${TMPDIR:-/tmp}/wall_bounded.XXXXXX") || return 125
	mkfifo "$dir/tick" || { rm -rf "$dir"; return 125; }
	setsid -w "$@" &
	pid=$!
	_wall_watch "$pid" "$secs" "$grace" "$dir/flag" "$dir/tick" &
	wd=$!
	# (no "Killed" notice from the shell in the caller's output)
	{ wait "$pid"; } 2>/dev/null
	rc=$?
	kill "$wd" 2>/dev/null
	wait "$wd" 2>/dev/null
	[ -r "$dir/flag" ] && read -r how <"$dir/flag"
	rm -rf "$dir"
	case $how in
	term) kill -KILL -- "-$pid" 2>/dev/null; return 124 ;;
	kill) return 137 ;;
	esac
	return "$rc"
}
