/* SPDX-License-Identifier: MIT */
/*
 * intel-oa-metrics plot: a PNG of metrics from a CSV of the csv writer
 * (Documentation/userspace.rst, "Plot").
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#ifndef INTEL_OA_METRICS_PLOT_H
#define INTEL_OA_METRICS_PLOT_H

/**
 * metrics_plot_main() - run "intel-oa-metrics plot"
 * @argc: argument count
 * @argv: arguments, argv[0] = "plot"
 *
 * Return: the process exit status (0, 1 on errors, 2 on usage errors).
 */
int metrics_plot_main(int argc, char **argv);

#endif /* INTEL_OA_METRICS_PLOT_H */
