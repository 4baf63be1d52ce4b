// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: metrics of a stream of OA reports, per report pair or per
 * interval, written to an output (Documentation/userspace.rst).
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "metrics-cli.h"

void evaluator_fini(struct evaluator *ev)
{
	free(ev->prev);
	free(ev->vals);
	free(ev->flags);
	free(ev->deltas);
	free(ev->sel);
	free(ev->sel_vals);
	free(ev->sel_flags);
	free(ev->sel_names);
	free(ev->sel_units);
	memset(ev, 0, sizeof(*ev));
}

/*
 * @metrics: comma-separated metric names to show, NULL for all of them.
 * @ts_freq: OA timestamp Hz; @gpu_freq_max: Hz or 0.
 */
int evaluator_init(struct evaluator *ev,
		   const struct intel_oa_metric_set *s,
		   unsigned int format, const struct intel_oa_gen *gen,
		   const struct intel_oa_platform *pl, uint64_t ts_freq,
		   double gpu_freq_max, const struct intel_oa_gt_info *gt,
		   const char *metrics)
{
	size_t i, n_slots = intel_oa_metric_set_counter_count(s);
	int ret;

	memset(ev, 0, sizeof(*ev));
	ret = intel_oa_format_init(&ev->fmt, format, gen);
	if (ret) {
		fprintf(stderr, PROG ": report format %u is not one %s writes\n",
			format, gen ? gen->name : "this device");
		return -1;
	}
	ev->set = s;
	ev->report_size = ev->fmt.layout->size;
	ev->ts_freq = ts_freq;
	ev->n_metrics = intel_oa_metric_set_metric_count(s);
	ev->prev = malloc(ev->report_size);
	ev->vals = calloc(ev->n_metrics + 1, sizeof(*ev->vals));
	ev->flags = calloc(ev->n_metrics + 1, sizeof(*ev->flags));
	ev->deltas = calloc(n_slots + 1, sizeof(*ev->deltas));
	ev->sel = calloc(ev->n_metrics + 1, sizeof(*ev->sel));
	ev->sel_vals = calloc(ev->n_metrics + 1, sizeof(*ev->sel_vals));
	ev->sel_flags = calloc(ev->n_metrics + 1, sizeof(*ev->sel_flags));
	ev->sel_names = calloc(ev->n_metrics + 1, sizeof(*ev->sel_names));
	ev->sel_units = calloc(ev->n_metrics + 1, sizeof(*ev->sel_units));
	if (!ev->prev || !ev->vals || !ev->flags || !ev->deltas || !ev->sel ||
	    !ev->sel_vals || !ev->sel_flags || !ev->sel_names ||
	    !ev->sel_units) {
		fprintf(stderr, PROG ": out of memory\n");
		return -1;
	}
	/* OA sets read built-ins; a declared counter has no OA source */
	for (i = 0; i < n_slots; i++)
		ev->deltas[i] = NAN;
	/* the device: the caller's, else the table row's */
	if (gt)
		ev->gt = *gt;
	else if (pl)
		intel_oa_gt_info_from_topology(&ev->gt, pl, NULL, 0);
	ev->op.gt = gt || pl ? &ev->gt : NULL;
	ev->op.acc = &ev->acc;
	ev->op.platform = pl;
	ev->op.ts_freq = ts_freq;
	ev->op.gpu_freq_max = gpu_freq_max;
	if (!metrics) {
		/* all the device has: IGT leaves out unavailable counters */
		for (i = 0; i < ev->n_metrics; i++)
			if (intel_oa_metric_set_metric_available(s, i,
								 intel_oa_oa_builtin,
								 &ev->op))
				ev->sel[ev->n_sel++] = i;
	} else {
		const char *p = metrics;

		while (*p) {
			size_t len = strcspn(p, ",");

			for (i = 0; i < ev->n_metrics; i++) {
				const char *name =
					intel_oa_metric_set_metric(s, i, NULL);

				if (strlen(name) == len && !strncmp(name, p, len))
					break;
			}
			if (i == ev->n_metrics) {
				fprintf(stderr,
					PROG ": set %s has no metric '%.*s'; '" PROG " list' shows them\n",
					intel_oa_metric_set_name(s), (int)len, p);
				return -1;
			}
			ev->sel[ev->n_sel++] = i;
			p += len;
			if (*p == ',')
				p++;
			if (ev->n_sel == ev->n_metrics && *p) {
				fprintf(stderr, PROG ": --metrics names more metrics than the set has\n");
				return -1;
			}
		}
	}
	for (i = 0; i < ev->n_sel; i++)
		ev->sel_names[i] = intel_oa_metric_set_metric(s, ev->sel[i],
							      &ev->sel_units[i]);
	intel_oa_oa_period_fields(&ev->op, s, &ev->fmt);
	return 0;
}

/* Evaluate the pending period (if any) into vals/sel_vals. */
bool evaluator_eval(struct evaluator *ev)
{
	size_t i;

	if (!ev->acc.n_deltas)
		return false;
	intel_oa_metric_set_eval(ev->set, ev->deltas, intel_oa_oa_builtin,
				 &ev->op, ev->vals, ev->flags);
	for (i = 0; i < ev->n_sel; i++) {
		ev->sel_vals[i] = ev->vals[ev->sel[i]];
		ev->sel_flags[i] = ev->flags[ev->sel[i]];
	}
	return true;
}

void evaluator_flush(struct evaluator *ev)
{
	if (evaluator_eval(ev)) {
		double f = ev->ts_freq ? (double)ev->ts_freq : NAN;

		if (ev->pipe)
			out_pipe_period(ev->pipe,
					(double)ev->period_start / f,
					(double)ev->ticks / f,
					ev->sel_vals, ev->sel_flags);
		else if (ev->out)
			intel_oa_output_period(ev->out,
					       (double)ev->period_start / f,
					       (double)ev->ticks / f,
					       ev->sel_vals, ev->sel_flags);
		if (ev->on_period)
			ev->on_period(ev, ev->period_arg);
		ev->periods++;
	}
	memset(&ev->acc, 0, sizeof(ev->acc));
	ev->period_start = ev->ticks;
}

/* One report, in order; a period ends per pair or per interval. */
void evaluator_feed(struct evaluator *ev, const void *report)
{
	ev->reports++;
	if (ev->have_prev) {
		uint64_t before = ev->acc.timestamp;

		intel_oa_metric_set_accumulate(ev->set, &ev->fmt, ev->prev, report,
					       &ev->acc);
		ev->ticks += ev->acc.timestamp - before;
		if ((ev->out || ev->on_period) && (!ev->interval_ticks ||
				ev->ticks - ev->period_start >=
				ev->interval_ticks))
			evaluator_flush(ev);
	}
	memcpy(ev->prev, report, ev->report_size);
	ev->have_prev = true;
}
