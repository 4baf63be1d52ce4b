// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the bounds subcommand. Records each metric set of the
 * device's platform in turn (Intel's sets of an OA metric XML file, or
 * our own), evaluates every metric for every report pair and reports each
 * value below 0 or above the metric's declared maximum (max_equation; 100
 * for a percentage of our files). Documentation/counters.rst "Bounds".
 *
 * Copyright (c) 2026 The intel-oa authors
 */
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "metrics-cli.h"

/* Per metric of the set being checked: its worst period. */
struct bound_stat {
	uint64_t checked;	/* periods with a defined value */
	uint64_t out;		/* of them, outside [0, max] */
	uint64_t worst_period;
	double worst;		/* the value furthest outside */
	double worst_max;	/* its bound (NAN: below 0) */
	double excess;		/* how far outside, relative to the bound */
	bool has_max;
};

struct bounds_check {
	struct bound_stat *st;
	uint64_t periods;
};

/* A bound holds up to rounding: IGT's equations mix doubles and integers. */
static bool above(double v, double max)
{
	return v > max + 1e-9 * fmax(1.0, fabs(max));
}

static void check_period(struct evaluator *ev, void *arg)
{
	struct bounds_check *bc = arg;
	size_t j;

	for (j = 0; j < ev->n_sel; j++) {
		size_t i = ev->sel[j];
		struct bound_stat *st = &bc->st[i];
		double v = ev->vals[i], max, excess = 0;
		int ret;

		if (ev->flags[i] & INTEL_OA_EVAL_UNDEFINED || isnan(v))
			continue;
		st->checked++;
		ret = intel_oa_metric_set_metric_max(ev->set, i,
						     intel_oa_oa_builtin,
						     &ev->op, ev->vals, &max);
		st->has_max |= !ret;
		if (v < -1e-9) {
			excess = -v / fmax(1.0, fabs(v));
			max = NAN;
		} else if (!ret && above(v, max)) {
			excess = (v - max) / fmax(1e-300, fabs(max));
		} else {
			continue;
		}
		st->out++;
		if (st->out == 1 || excess > st->excess) {
			st->excess = excess;
			st->worst = v;
			st->worst_max = max;
			st->worst_period = bc->periods;
		}
	}
	bc->periods++;
}

/* Records @s for @duration_s and checks every period; -1 on error. */
static int check_set(struct intel_oa_metrics *m, const char *name,
		     const struct sampling *smp, double duration_s,
		     unsigned int *n_bounded, unsigned int *n_out)
{
	struct session ss = { .stream = -1 };
	struct bounds_check bc = { 0 };
	struct evaluator ev;
	uint8_t *buf = NULL;
	uint64_t deadline;
	int status = -1;
	size_t i, n_out_here = 0;

	memset(&ev, 0, sizeof(ev));
	if (session_open(&ss, m, name, smp))
		goto out;
	if (evaluator_init(&ev, ss.set, ss.format, ss.dev.gen, ss.pl,
			   ss.dev.ts_freq, ss.gpu_freq_max, &ss.gt, NULL))
		goto out;
	bc.st = calloc(ev.n_metrics + 1, sizeof(*bc.st));
	buf = malloc(STREAM_BUF);
	if (!bc.st || !buf) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	ev.on_period = check_period;
	ev.period_arg = &bc;
	deadline = now_ns(CLOCK_MONOTONIC) + (uint64_t)(duration_s * 1e9);
	while (!stop_requested) {
		uint64_t now = now_ns(CLOCK_MONOTONIC);
		int wait_ms = now >= deadline ? 0 :
			      (int)((deadline - now) / 1000000) + 1;
		ssize_t n;

		n = session_feed(&ss, &ev, buf, wait_ms);
		if (n < 0)
			goto out;
		/*
		 * A ring stream's first records come with the first half-full
		 * interrupt: past the duration, wait up to 5 s for them.
		 */
		if (now >= deadline && !n &&
		    (bc.periods || now >= deadline + 5000000000ull))
			break;
	}
	for (i = 0; i < ev.n_sel; i++) {
		const struct bound_stat *st = &bc.st[ev.sel[i]];
		const char *unit, *mname;

		*n_bounded += st->has_max;
		if (!st->out)
			continue;
		n_out_here++;
		mname = intel_oa_metric_set_metric(ss.set, ev.sel[i], &unit);
		if (isnan(st->worst_max))
			printf("OUT %s %s: %.6g %s below 0 in period %llu (%llu of %llu periods out)\n",
			       name, mname, st->worst, unit,
			       (unsigned long long)st->worst_period,
			       (unsigned long long)st->out,
			       (unsigned long long)st->checked);
		else
			printf("OUT %s %s: %.6g %s above its max %.6g in period %llu (%llu of %llu periods out)\n",
			       name, mname, st->worst, unit, st->worst_max,
			       (unsigned long long)st->worst_period,
			       (unsigned long long)st->out,
			       (unsigned long long)st->checked);
	}
	printf("set %s: %llu periods, %zu metrics, %zu out of bounds\n", name,
	       (unsigned long long)bc.periods, ev.n_sel, n_out_here);
	if (!bc.periods) {
		fprintf(stderr, PROG ": set %s: no report pair in %.2f s\n",
			name, duration_s);
		goto out;
	}
	*n_out += (unsigned int)n_out_here;
	status = 0;
out:
	fflush(stdout);
	evaluator_fini(&ev);
	free(bc.st);
	free(buf);
	session_close(&ss);
	return status;
}

int cmd_bounds(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "duration", required_argument, NULL, 't' },
		SAMPLING_OPTIONS,
		{ "metrics-dir", required_argument, NULL, 'd' },
		{ "oa-xml", required_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	static const char use[] =
		"usage: " PROG " bounds [--oa-xml FILE|DIR] [--set a,b] [--duration S]\n"
		"                          [--exponent N | --period-us US] [--timer]\n"
		"                          [--device NODE]\n"
		"                          [--metrics-dir DIR]\n"
		"\n"
		"Records every metric set of the GPU's platform in turn and reports each\n"
		"metric value, of every report pair, below 0 or above the metric's declared\n"
		"maximum: an OA metric XML file's max_equation, 100 for a percentage of our\n"
		"own files. With --oa-xml the sets of that file (IGT's or Mesa's\n"
		"oa-<chipset>.xml, or their directory) are checked, otherwise our own.\n"
		"Exit status 0 when every value is within its bounds, 1 when one is not\n"
		"or on an error, 2 when the platform has no such set.\n"
		"\n"
		"  -s, --set a,b           only these sets\n"
		"  -t, --duration S        seconds to record each set (default 0.25)\n"
		SAMPLING_HELP
		"  -d, --metrics-dir DIR   metric files (default: the ones built in)\n"
		"  -x, --oa-xml FILE       Intel's sets of an OA metric XML file\n"
		"  -h, --help              this help\n";
	struct sampling smp = { .exponent = -1, .period_us = 1000 };
	const char *only = NULL, *mdir = NULL, *xml = NULL;
	unsigned int n_sets = 0, n_bounded = 0, n_out = 0;
	struct intel_oa_metrics *m = NULL;
	const struct intel_oa_platform *pl;
	struct intel_oa_device dev;
	double duration_s = 0.25;
	uint32_t devid;
	int opt, status = 1;
	size_t i;

	while ((opt = getopt_long(argc, argv, "s:t:e:p:TD:d:x:h", opts,
				  NULL)) != -1) {
		switch (opt) {
		case 's': only = optarg; break;
		case 't':
			if (parse_positive("--duration", optarg, &duration_s))
				return 1;
			break;
		case 'e':
		case 'p':
		case 'T':
		case 'D':
			if (parse_sampling(opt, optarg, &smp))
				return 1;
			break;
		case 'd': mdir = optarg; break;
		case 'x': xml = optarg; use_oa_xml(optarg); break;
		case 'h': fputs(use, stdout); return 0;
		default: fputs(use, stderr); return 1;
		}
	}
	if (optind != argc) {
		fputs(use, stderr);
		return 1;
	}
	if (intel_oa_device_open(&dev, smp.device)) {
		if (smp.device)
			fprintf(stderr, PROG ": %s is no i915-compatible DRM device ('ls /dev/dri' lists the nodes)\n",
				smp.device);
		else
			fprintf(stderr, PROG ": no i915-compatible DRM device: load intel_oa.ko (or run under scripts/vm-run)\n");
		return 1;
	}
	devid = dev.devid;
	pl = platform_of(devid);
	intel_oa_device_close(&dev);
	if (!pl) {
		fprintf(stderr, PROG ": PCI id 0x%04x is not in the device table\n",
			devid);
		return 1;
	}
	m = load_metrics(mdir);
	if (!m)
		return 1;
	catch_signals();
	printf("bounds: platform %s, %s sets, %.2f s each\n", pl->name,
	       xml ? xml : "our own", duration_s);
	for (i = 0; i < intel_oa_metrics_set_count(m) && !stop_requested; i++) {
		const struct intel_oa_metric_set *s = intel_oa_metrics_set_at(m, i);
		const char *name = intel_oa_metric_set_name(s);
		size_t len = strlen(name);
		const char *p;

		if (!intel_oa_metric_set_applies(s, pl->name) ||
		    !intel_oa_metric_set_uuid(s) != !xml)
			continue;
		if (only) {
			for (p = only; *p; p += strcspn(p, ",") + !!p[strcspn(p, ",")])
				if (strcspn(p, ",") == len && !strncmp(p, name, len))
					break;
			if (!*p)
				continue;
		}
		n_sets++;
		if (check_set(m, name, &smp, duration_s, &n_bounded, &n_out))
			goto out;
	}
	if (!n_sets) {
		printf("bounds: %s: no %s set%s\n", pl->name,
		       xml ? "OA metric XML" : "metric file",
		       only ? " by those names" : "");
		status = 2;
		goto out;
	}
	printf("bounds: %s: %u sets (%s), %u metrics with a declared maximum, %u metrics out of bounds\n",
	       pl->name, n_sets, xml ? "Intel's" : "ours", n_bounded, n_out);
	status = n_out ? 1 : 0;
out:
	intel_oa_metrics_free(m);
	return status;
}
