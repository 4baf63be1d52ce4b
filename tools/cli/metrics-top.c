// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the top subcommand: a live, top-like view of a set.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <getopt.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "metrics-cli.h"

static void print_top_value(double v, unsigned int flags)
{
	if (isnan(v))
		printf("  %18s", flags & INTEL_OA_EVAL_DIV_ZERO ? "n/a (div 0)" :
		       "n/a");
	else if (v == floor(v) && fabs(v) < 1e15)
		printf("  %18.0f", v);
	else
		printf("  %18.4f", v);
}

static void draw_top(const struct session *ss, const struct evaluator *ev,
		     bool have, bool batch, unsigned int iteration,
		     double interval_s)
{
	size_t i, shown = ev->n_sel;
	struct winsize ws;
	int name_w = 40;

	if (!batch) {
		fputs("\033[H\033[2J", stdout);
		/*
		 * Fit the terminal, read again at every refresh so a resize
		 * takes effect: a header, the metrics that fit, a note of
		 * the rest, the quit hint; names shortened on a narrow one.
		 */
		if (!ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) && ws.ws_row) {
			if (ev->n_sel + 4 > ws.ws_row)
				shown = ws.ws_row > 5 ? ws.ws_row - 5u : 0;
			if (ws.ws_col && ws.ws_col < 40 + 20 + 12)
				name_w = ws.ws_col > 20 + 12 + 8 ?
					 ws.ws_col - 20 - 12 : 8;
		}
	}
	printf("%s  set %s  period %" PRIu64 " ns  interval %.3f s  #%u  reports %" PRIu64 "  lost %" PRIu64 "\n",
	       ss->pl->name, intel_oa_metric_set_name(ss->set),
	       intel_oa_exponent_period_ns((unsigned int)ss->exponent,
					   ss->dev.ts_freq),
	       interval_s, iteration, ev->reports, ss->lost);
	for (i = 0; i < shown; i++) {
		printf("%-*.*s", name_w, name_w, ev->sel_names[i]);
		if (have)
			print_top_value(ev->sel_vals[i], ev->sel_flags[i]);
		else
			printf("  %18s", "-");
		printf("  %s\n", ev->sel_units[i] ? ev->sel_units[i] : "");
	}
	if (shown < ev->n_sel)
		printf("(%zu more metrics: a taller window, or --metrics)\n",
		       ev->n_sel - shown);
	if (batch)
		printf("\n");
	else
		printf("\n(q or Ctrl-C quits)\n");
	fflush(stdout);
}

int cmd_top(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "interval", required_argument, NULL, 'i' },
		{ "iterations", required_argument, NULL, 'n' },
		{ "batch", no_argument, NULL, 'b' },
		SAMPLING_OPTIONS,
		{ "metrics", required_argument, NULL, 'M' },
		{ "metrics-dir", required_argument, NULL, 'd' },
		{ "oa-xml", required_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char use[] =
		"usage: " PROG " top --set NAME [--interval MS] [--iterations N] [--batch]\n"
		"                       [--exponent N | --period-us US] [--timer]\n"
		"                       [--device NODE]\n"
		"                       [--metrics a,b]\n"
		"                       [--metrics-dir DIR] [--oa-xml FILE]\n"
		"\n"
		"Opens an OA stream with a metric set and shows its metrics, refreshed\n"
		"every interval, until interrupted.\n"
		"\n"
		"  -s, --set NAME          metric set ('" PROG " list' shows them)\n"
		"  -i, --interval MS       refresh period (default 1000)\n"
		"  -n, --iterations N      stop after N refreshes (default: never)\n"
		"  -b, --batch             plain lines, no screen control (the default\n"
		"                          when stdout is not a terminal)\n"
		SAMPLING_HELP
		"  -M, --metrics a,b       only these metrics\n"
		"  -d, --metrics-dir DIR   metric files (default: the ones built in)\n"
		"  -x, --oa-xml FILE       also Intel's sets of an OA metric XML file (IGT's\n"
		"                          or Mesa's oa-<chipset>.xml, or their directory)\n"
		"  -h, --help              this help\n";
	const char *setname = NULL, *metrics = NULL, *mdir = NULL;
	double interval_ms = 1000;
	long iterations = 0;
	struct sampling smp = { .exponent = -1, .period_us = 1000 };
	int opt, batch = 0, status = 1, raw = 0;
	struct intel_oa_metrics *m = NULL;
	struct session ss = { .stream = -1 };
	struct evaluator ev;
	struct termios saved;
	unsigned int iter = 0;
	uint8_t *buf = NULL;

	memset(&ev, 0, sizeof(ev));
	while ((opt = getopt_long(argc, argv, "s:i:n:be:p:TD:M:d:x:h", opts,
				  NULL)) != -1) {
		switch (opt) {
		case 's': setname = optarg; break;
		case 'i':
			if (parse_positive("--interval", optarg, &interval_ms))
				return 1;
			break;
		case 'n': {
			char *e;

			iterations = strtol(optarg, &e, 10);
			if (!*optarg || *e || iterations <= 0) {
				fprintf(stderr, PROG ": --iterations %s: expected a positive count\n",
					optarg);
				return 1;
			}
			break;
		}
		case 'b': batch = 1; break;
		case 'e':
		case 'p':
		case 'T':
		case 'D':
			if (parse_sampling(opt, optarg, &smp))
				return 1;
			break;
		case 'M': metrics = optarg; break;
		case 'd': mdir = optarg; break;
		case 'x': use_oa_xml(optarg); break;
		case 'h': fputs(use, stdout); return 0;
		default: fputs(use, stderr); return 1;
		}
	}
	if (!setname || optind != argc) {
		fputs(use, stderr);
		return 1;
	}
	/* Screen control only on a terminal: a pipe or file gets lines. */
	if (!isatty(STDOUT_FILENO))
		batch = 1;
	m = load_metrics(mdir);
	if (!m)
		return 1;
	buf = malloc(STREAM_BUF);
	if (!buf) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	if (session_open(&ss, m, setname, &smp))
		goto out;
	if (evaluator_init(&ev, ss.set, ss.format, ss.dev.gen, ss.pl,
			   ss.dev.ts_freq, ss.gpu_freq_max, &ss.gt, metrics))
		goto out;
	catch_signals();
	if (!batch && isatty(STDIN_FILENO) && !tcgetattr(STDIN_FILENO, &saved)) {
		struct termios t = saved;

		/* single keys, unechoed, so 'q' quits without Enter */
		t.c_lflag &= (tcflag_t)~(ICANON | ECHO);
		t.c_cc[VMIN] = 0;
		t.c_cc[VTIME] = 0;
		raw = !tcsetattr(STDIN_FILENO, TCSANOW, &t);
	}
	while (!stop_requested) {
		uint64_t deadline = now_ns(CLOCK_MONOTONIC) +
				    (uint64_t)(interval_ms * 1e6);
		bool have;

		for (;;) {
			uint64_t now = now_ns(CLOCK_MONOTONIC);
			ssize_t n;

			if (now >= deadline || stop_requested)
				break;
			/* a mapped ring is evaluated in place */
			n = session_feed(&ss, &ev, buf,
					 (int)((deadline - now) / 1000000) + 1);
			if (n < 0)
				goto out;
			if (raw) {
				char c;

				if (read(STDIN_FILENO, &c, 1) == 1 &&
				    (c == 'q' || c == 'Q'))
					stop_requested = 1;
			}
		}
		have = evaluator_eval(&ev);
		iter++;
		draw_top(&ss, &ev, have, batch, iter, interval_ms / 1000.0);
		/* each interval is its own period, from the last report on */
		memset(&ev.acc, 0, sizeof(ev.acc));
		if (iterations && iter >= (unsigned long)iterations)
			break;
	}
	status = 0;
out:
	if (raw)
		tcsetattr(STDIN_FILENO, TCSANOW, &saved);
	evaluator_fini(&ev);
	free(buf);
	session_close(&ss);
	intel_oa_metrics_free(m);
	return status;
}
