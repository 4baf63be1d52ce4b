# SPDX-License-Identifier: MIT
# bash completion for intel-oa-metrics and intel-oa-stat.
#
# Installed as share/bash-completion/completions/intel-oa-metrics and
# .../intel-oa-stat (bash-completion loads a command's file on first use).
# Nothing here lists an option, subcommand, set, platform or format by
# hand: each is asked of the program itself (its --help, its list of
# subcommands, 'list', --list-platforms, --list-formats), so the
# completion stays what the program accepts.
#
# Copyright (c) 2026 The intel-oa authors

# The long options a program's help names: _intel_oa_options CMD [SUB]
_intel_oa_options()
{
	"$@" --help 2>/dev/null | grep -o -e '--[a-z][a-z0-9-]*' | sort -u
}

# Set COMPREPLY to the words of $1 that start with $2.
_intel_oa_reply()
{
	local IFS=$'\n'

	# shellcheck disable=SC2207
	COMPREPLY=($(compgen -W "$1" -- "$2"))
}

# Files (or with -d only directories) that start with $2.
_intel_oa_files()
{
	local IFS=$'\n'

	# shellcheck disable=SC2207
	COMPREPLY=($(compgen "${1:--f}" -- "$2"))
	compopt -o filenames 2>/dev/null
}

_intel_oa_platforms()
{
	intel-oa-stat --list-platforms 2>/dev/null | awk 'NR > 1 { print $1 }'
}

# What option $3 of "$1 [$2] --help" takes: "LONG PLACEHOLDER" (e.g.
# "--set NAME", "-o FILE"), or nothing when it takes no value. The help's
# option lines are "  -s, --set NAME   text": option names, then an
# upper-case placeholder (or "a,b") when the option takes a value.
_intel_oa_arg()
{
	local cmd=$1 sub=$2 opt=$3

	"$cmd" ${sub:+"$sub"} --help 2>/dev/null | awk -v opt="$opt" '
		$1 ~ /^-/ {
			long = ""; hit = 0
			for (i = 1; i <= NF && $i ~ /^-/; i++) {
				o = $i; sub(/,$/, "", o)
				if (o == opt) hit = 1
				if (long == "" || o ~ /^--/) long = o
			}
			if (!hit) next
			if (i <= NF && ($i ~ /^[A-Z]/ || $i == "a,b"))
				print long, $i
			exit
		}'
}

# Complete the value of option $3 of "$1 [$2]" into COMPREPLY; status 1
# when the option takes no value (the word is then not a value).
_intel_oa_value()
{
	local cmd=$1 sub=$2 opt=$3 cur=$4 long ph

	read -r long ph < <(_intel_oa_arg "$cmd" "$sub" "$opt")
	[ -n "$ph" ] || return 1
	case $long:$ph in
	--set:*)
		# set names: the unindented lines of 'list', "NAME (family): ..."
		_intel_oa_reply "$("$cmd" list 2>/dev/null |
			sed -n 's/^\([^ ]\+\) (.*/\1/p' | sort -u)" "$cur" ;;
	--platform:*)
		_intel_oa_reply "$(_intel_oa_platforms)" "$cur" ;;
	--format:*)
		_intel_oa_reply "$("$cmd" --list-formats 2>/dev/null |
			awk 'NR > 1 { print $2 }')" "$cur" ;;
	*:KIND)
		_intel_oa_reply "$(printf '%s\n' table csv json trace)" "$cur" ;;
	*:DIR)
		_intel_oa_files -d "$cur" ;;
	*:FILE* | *:F | *:PATH)
		_intel_oa_files -f "$cur" ;;
	*)
		COMPREPLY=() ;;
	esac
	return 0
}

_intel_oa_metrics()
{
	local cmd=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]}
	local prev=${COMP_WORDS[COMP_CWORD - 1]} sub=${COMP_WORDS[1]:-}

	if [ "$COMP_CWORD" -eq 1 ]; then
		_intel_oa_reply "$("$cmd" 2>&1 |
			sed -n '/^subcommands:/,$s/^  \([a-z][a-z-]*\) .*/\1/p')
--help
--version" "$cur"
		return
	fi
	if [[ $prev == -* ]] && _intel_oa_value "$cmd" "$sub" "$prev" "$cur"; then
		return
	fi
	if [[ $cur == -* ]]; then
		_intel_oa_reply "$(_intel_oa_options "$cmd" "$sub")" "$cur"
		return
	fi
	_intel_oa_files -f "$cur"
}

_intel_oa_stat()
{
	local cmd=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]}
	local prev=${COMP_WORDS[COMP_CWORD - 1]}

	if [[ $prev == -* ]] && _intel_oa_value "$cmd" "" "$prev" "$cur"; then
		return
	fi
	if [[ $cur == -* ]]; then
		_intel_oa_reply "$(_intel_oa_options "$cmd")" "$cur"
		return
	fi
	COMPREPLY=()
}

complete -F _intel_oa_metrics intel-oa-metrics
complete -F _intel_oa_stat intel-oa-stat
