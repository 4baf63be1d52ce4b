// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the subcommand dispatch; without a subcommand, the CSV and
 * Mali input mode (metrics-legacy.c).
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <stdio.h>
#include <string.h>

#include "metrics-cli.h"
#include "metrics-plot.h"

static void usage_sub(FILE *f)
{
	fprintf(f,
		"usage: " PROG " list [--platform NAME] [--metrics-dir DIR]\n"
		"       " PROG " record --set NAME [--exponent N | --period-us US] [--duration S]\n"
		"                          -o FILE [--print [--output table|csv|json|trace]]\n"
		"       " PROG " print FILE [--set NAME] [--output KIND] [--metrics a,b]\n"
		"                          [--interval MS]\n"
		"       " PROG " top --set NAME [--interval MS] [--iterations N] [--batch]\n"
		"       " PROG " plot ...  (" PROG " plot --help)\n"
		"       " PROG " --metrics FILE|DIR ...  (CSV and Mali input, below)\n\n");
	legacy_usage(f);
}

int main(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int argc, char **argv);
	} cmds[] = {
		{ "list", cmd_list },
		{ "record", cmd_record },
		{ "print", cmd_print },
		{ "top", cmd_top },
		{ "plot", metrics_plot_main },
	};
	size_t i;

	if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
		usage_sub(stdout);
		return 0;
	}
	for (i = 0; argc > 1 && i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	return legacy_main(argc, argv);
}
