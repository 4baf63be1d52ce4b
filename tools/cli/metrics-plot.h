/* SPDX-License-Identifier: MIT */
/*
 * intel-oa-metrics plot: a PNG of metrics from a CSV of the csv writer
 * (Documentation/userspace.rst, "Plot").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#ifndef INTEL_OA_METRICS_PLOT_H
#define INTEL_OA_METRICS_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/**
 * struct plot_meta - what a recording says about the metrics it plots
 * @set: the metric set's name
 * @platform: the platform's name
 * @n: number of metrics
 * @names: their names, in CSV column order
 * @units: their units ("" for none)
 *
 * Every string is malloc()ed; plot_meta_free() frees them.
 */
struct plot_meta {
	char *set;
	char *platform;
	size_t n;
	char **names;
	char **units;
};

/* metrics-common.c: also load this OA metric XML file or directory */
void use_oa_xml(const char *path);

/**
 * plot_recording_csv() - evaluate a recording into CSV for plot
 * @path: the recording
 * @interval_ms: as print --interval (0: a period per report pair)
 * @force: as print --force
 * @out: where the CSV goes
 * @meta: filled with the set, platform, names and units
 *
 * metrics-print.c; errors are printed.
 *
 * Return: 0 or 1.
 */
int plot_recording_csv(const char *path, double interval_ms, bool force,
		       FILE *out, struct plot_meta *meta);
void plot_meta_free(struct plot_meta *meta);

/**
 * metrics_plot_main() - run "intel-oa-metrics plot"
 * @argc: argument count
 * @argv: arguments, argv[0] = "plot"
 *
 * Return: the process exit status (0, 1 on errors, 2 on usage errors).
 */
int metrics_plot_main(int argc, char **argv);

#endif /* INTEL_OA_METRICS_PLOT_H */
