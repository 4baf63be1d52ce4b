// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the list subcommand: the OA metric sets of a platform.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics-cli.h"

static void list_one(const struct intel_oa_metrics *m,
		     const struct intel_oa_metric_set *s)
{
	size_t j;
	const char *fmt = intel_oa_metric_set_format(s);

	printf("%s (%s): %s\n", intel_oa_metric_set_name(s),
	       intel_oa_metric_set_family(s),
	       intel_oa_metric_set_description(s));
	printf("  format %s\n", fmt ? fmt : "default");
	for (j = 0; j < intel_oa_metric_set_metric_count(s); j++) {
		const char *unit;
		const char *name = intel_oa_metric_set_metric(s, j, &unit);

		printf("  %-40s %-10s %s\n", name, unit,
		       intel_oa_metrics_description(m, name));
	}
}

int cmd_list(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "platform", required_argument, NULL, 'p' },
		{ "metrics-dir", required_argument, NULL, 'm' },
		{ "oa-xml", required_argument, NULL, 'x' },
		{ "device", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *platform = NULL, *mdir = NULL, *device = NULL;
	struct intel_oa_device dev;
	struct intel_oa_metrics *m;
	size_t i, shown = 0;
	int opt;

	while ((opt = getopt_long(argc, argv, "p:m:x:D:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'p': platform = optarg; break;
		case 'm': mdir = optarg; break;
		case 'x': use_oa_xml(optarg); break;
		case 'D': device = optarg; break;
		case 'h':
			printf("usage: " PROG " list [--platform NAME | --device NODE]\n"
			       "                         [--metrics-dir DIR] [--oa-xml FILE]\n"
			       "\n"
			       "Lists the metric sets of a platform: name, format, metrics.\n"
			       "\n"
			       "  -p, --platform NAME     platform (default: the GPU's, or every\n"
			       "                          platform's sets without one)\n"
			       "  -D, --device NODE       the GPU whose platform to list, e.g.\n"
			       "                          /dev/dri/renderD129 (default: the first)\n"
			       "  -m, --metrics-dir DIR   metric files (default: the ones built in)\n"
			       "  -x, --oa-xml FILE       also Intel's sets of an OA metric XML file (IGT's\n"
			       "                          or Mesa's oa-<chipset>.xml)\n"
			       "  -h, --help              this help\n");
			return 0;
		default: return 1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "usage: " PROG " list [--platform NAME | --device NODE] [--metrics-dir DIR]\n");
		return 1;
	}
	if (platform && !intel_oa_platform_by_name(platform)) {
		fprintf(stderr, PROG ": unknown platform '%s' (Documentation/platforms.rst names them)\n",
			platform);
		return 1;
	}
	if (!platform && !intel_oa_device_open(&dev, device)) {
		const struct intel_oa_platform *pl = platform_of(dev.devid);

		platform = pl ? pl->name : NULL;
		intel_oa_device_close(&dev);
	}
	m = load_metrics(mdir);
	if (!m)
		return 1;
	if (platform)
		printf("platform %s\n", platform);
	for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
		const struct intel_oa_metric_set *s = intel_oa_metrics_set_at(m, i);

		if (platform && !intel_oa_metric_set_applies(s, platform))
			continue;
		list_one(m, s);
		shown++;
	}
	intel_oa_metrics_free(m);
	if (!shown) {
		fprintf(stderr, PROG ": no metric set for %s\n",
			platform ? platform : "any platform");
		return 1;
	}
	return 0;
}

/* ---- the live stream: device, ADD_CONFIG, open ---- */
