// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the subcommand dispatch. Every use is
 * "intel-oa-metrics SUBCOMMAND ..."; without one, or with one it does
 * not know, it lists them.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <stdio.h>
#include <string.h>

#include "intel_oa/version.h"
#include "metrics-cli.h"
#include "metrics-plot.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *what;
} cmds[] = {
	{ "list", cmd_list, "list the metric sets of a platform" },
	{ "record", cmd_record, "record an OA stream into an i915-perf recording" },
	{ "print", cmd_print, "evaluate a recording: table, CSV, JSON or trace events" },
	{ "top", cmd_top, "show a set's metrics live" },
	{ "bounds", cmd_bounds, "check every set's metrics against their bounds live" },
	{ "plot", metrics_plot_main, "draw metrics from CSV output as a PNG" },
	{ "csv", cmd_csv, "evaluate a metric file over counts in a CSV file" },
	{ "mali", cmd_mali, "evaluate a Mali metric file over Panfrost counter dumps" },
};

#define N_CMDS (sizeof(cmds) / sizeof(cmds[0]))

static void usage(FILE *f)
{
	size_t i;

	fprintf(f, "usage: " PROG " SUBCOMMAND [ARGS]   (" PROG " SUBCOMMAND --help)\n"
		"       " PROG " --help | --version\n\nsubcommands:\n");
	for (i = 0; i < N_CMDS; i++)
		fprintf(f, "  %-8s %s\n", cmds[i].name, cmds[i].what);
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return 0;
	}
	if (!strcmp(argv[1], "--version")) {
		printf(PROG " " INTEL_OA_VERSION_STRING "\n");
		return 0;
	}
	for (i = 0; i < N_CMDS; i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	if (argv[1][0] == '-')
		fprintf(stderr, PROG ": %s: options follow a subcommand; the option form of the first version is gone: '" PROG " csv --metrics FILE IN' and '" PROG " mali --metrics FILE DUMP ...' replace '--metrics FILE --csv IN' and '--mali-dump DUMP'\n\n",
			argv[1]);
	else
		fprintf(stderr, PROG ": unknown subcommand '%s'\n\n", argv[1]);
	usage(stderr);
	return 2;
}
