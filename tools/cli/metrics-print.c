// SPDX-License-Identifier: MIT
/*
 * intel-oa-metrics: the print subcommand: a recording's metrics.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "intel_oa/recording.h"
#include "metrics-cli.h"
#include "metrics-plot.h"

/* Below this a writer thread costs more than it saves. */
#define PIPE_MIN_REPORTS 4096

/* The recording's own set: by name, then by the uuid we derive. */
static const struct intel_oa_metric_set *
recorded_set(const struct intel_oa_metrics *m, const char *name,
	     const char *uuid, const char *platform)
{
	const struct intel_oa_metric_set *s =
		intel_oa_metrics_find_for(m, name, platform);
	size_t i;

	if (!s)
		s = intel_oa_metrics_find_for(m, our_name(name), platform);

	if (s)
		return s;
	for (i = 0; i < intel_oa_metrics_set_count(m); i++) {
		char u[40];

		s = intel_oa_metrics_set_at(m, i);
		if (!intel_oa_metric_set_applies(s, platform))
			continue;
		set_uuid_of(s, u);
		if (!strcmp(u, uuid))
			return s;
	}
	return NULL;
}

void plot_meta_free(struct plot_meta *meta)
{
	size_t i;

	for (i = 0; i < meta->n; i++) {
		free(meta->names[i]);
		free(meta->units[i]);
	}
	free(meta->names);
	free(meta->units);
	free(meta->set);
	free(meta->platform);
	memset(meta, 0, sizeof(*meta));
}

static int plot_meta_fill(struct plot_meta *meta, const char *set,
			  const char *platform, const struct evaluator *ev)
{
	size_t i;

	meta->set = strdup(set);
	meta->platform = strdup(platform);
	meta->names = calloc(ev->n_sel ? ev->n_sel : 1, sizeof(char *));
	meta->units = calloc(ev->n_sel ? ev->n_sel : 1, sizeof(char *));
	if (!meta->set || !meta->platform || !meta->names || !meta->units)
		goto oom;
	for (; meta->n < ev->n_sel; meta->n++) {
		i = meta->n;
		meta->names[i] = strdup(ev->sel_names[i]);
		meta->units[i] = strdup(ev->sel_units[i] ? ev->sel_units[i] : "");
		if (!meta->names[i] || !meta->units[i]) {
			meta->n++;
			goto oom;
		}
	}
	return 0;
oom:
	fprintf(stderr, PROG ": out of memory\n");
	plot_meta_free(meta);
	return -1;
}

int plot_recording_csv(const char *path, double interval_ms, bool force,
		       FILE *out, struct plot_meta *meta)
{
	struct print_opts po = {
		.kind = INTEL_OA_OUTPUT_CSV,
		.force = force,
		.interval_ms = interval_ms,
		.out = out,
		.meta = meta,
	};

	return print_recording(path, &po) ? 1 : 0;
}

/*
 * The first report's time on the recorder's CPU clock, from the
 * recording's correlations; false when they cannot give it.
 */
static bool trace_origin(const struct intel_oa_recording *rec,
			 const struct evaluator *ev, uint64_t *ns)
{
	static const unsigned int bits[] = {
		[INTEL_OA_HDR_GEN7] = 36,
		[INTEL_OA_HDR_32] = 32,
		[INTEL_OA_HDR_64] = 56,
	};
	struct intel_oa_report r;

	if (ev->fmt.header >= sizeof(bits) / sizeof(bits[0]) ||
	    intel_oa_decode(&ev->fmt, intel_oa_recording_report(rec, 0), &r))
		return false;
	return !intel_oa_recording_cpu_ns(rec, r.timestamp, ev->ts_freq,
					  bits[ev->fmt.header], ns);
}

int print_recording(const char *path, const struct print_opts *po)
{
	struct intel_oa_recording rec;
	const struct intel_oa_platform *pl;
	const struct intel_oa_gen *gen;
	const struct intel_oa_layout *layout;
	const struct intel_oa_metric_set *s;
	struct intel_oa_metrics *m = NULL;
	struct evaluator ev;
	struct intel_oa_gt_info gt;
	uint64_t ts_freq, origin_ns;
	const char **descs;
	char uuid[40];
	size_t i;
	int ret, status = 1;

	memset(&ev, 0, sizeof(ev));
	ret = intel_oa_recording_load(&rec, path, 0);
	if (ret) {
		if (ret == -EBADMSG)
			fprintf(stderr, PROG ": %s: malformed record at offset %zu (truncated or not a recording)\n",
				path, rec.error);
		else if (ret == -ENODATA)
			fprintf(stderr, PROG ": %s: no DEVICE_INFO record: not an i915-perf recording\n",
				path);
		else if (ret == -EPROTO)
			fprintf(stderr, PROG ": %s: recording version %u, only %u is known\n",
				path, rec.version, INTEL_OA_REC_VERSION);
		else
			fprintf(stderr, PROG ": %s: %s\n", path, strerror(-ret));
		goto out;
	}
	pl = platform_of(rec.info.device_id);
	gen = intel_oa_gen_by_devid((uint16_t)rec.info.device_id);
	if (!pl || !gen) {
		fprintf(stderr, PROG ": %s: PCI id 0x%04x is not in the device table\n",
			path, rec.info.device_id);
		goto out;
	}
	layout = intel_oa_gen_layout(gen, rec.info.oa_format);
	if (!layout) {
		fprintf(stderr, PROG ": %s: report format %u is not one %s writes\n",
			path, rec.info.oa_format, gen->name);
		goto out;
	}
	if (rec.n_samples && rec.report_size != layout->size) {
		fprintf(stderr, PROG ": %s: reports of %zu bytes, format %s has %u\n",
			path, rec.report_size, layout->name, layout->size);
		goto out;
	}
	m = load_metrics(po->mdir);
	if (!m)
		goto out;
	s = po->setname ? intel_oa_metrics_find_for(m, po->setname, pl->name) :
		recorded_set(m, rec.info.metric_set_name,
			     rec.info.metric_set_uuid, pl->name);
	if (!s) {
		fprintf(stderr, PROG ": %s: no set %s for %s in the metric files; pass --set NAME ('" PROG " list --platform %s')\n",
			path, po->setname ? po->setname :
			rec.info.metric_set_name, pl->name, pl->name);
		goto out;
	}
	/*
	 * A set's formulas mean what they say only over the counters its own
	 * programming selects. A recording made with another configuration
	 * (IGT's RenderBasic is not our Render) would give other numbers than
	 * the recorder's own tools: say so, and go on only when told to.
	 */
	set_uuid_of(s, uuid);
	if (strcmp(uuid, rec.info.metric_set_uuid)) {
		fprintf(stderr, PROG ": %s: recorded with configuration %s (uuid %s), not set %s's (uuid %s): the counters were programmed differently, so %s's formulas %s\n",
			path, rec.info.metric_set_name, rec.info.metric_set_uuid,
			intel_oa_metric_set_name(s), uuid,
			intel_oa_metric_set_name(s),
			po->force ? "may not mean what they say (--force)" :
			"would not mean what they say; pass --force to evaluate it anyway");
		if (!po->force)
			goto out;
	}
	/* the reports' clock is the OA one; the file's is the CS clock */
	ts_freq = pl->ts_freq ? pl->ts_freq : rec.info.timestamp_frequency;
	/* the device as the recorder saw it, for IGT's equations */
	if (intel_oa_gt_info_from_topology(&gt, pl, rec.topology,
					   rec.topology_len)) {
		fprintf(stderr, PROG ": %s: DEVICE_TOPOLOGY is shorter than its header says\n",
			path);
		goto out;
	}
	gt.cs_ts_freq = rec.info.timestamp_frequency;
	gt.gpu_freq_min = rec.info.gt_min_frequency;
	gt.gpu_freq_max = rec.info.gt_max_frequency;
	gt.revision = rec.info.device_revision;
	if (evaluator_init(&ev, s, rec.info.oa_format, gen, pl, ts_freq,
			   rec.info.gt_max_frequency, &gt, po->metrics))
		goto out;
	ev.interval_ticks = (uint64_t)(po->interval_ms * 1e-3 *
				       (double)ts_freq);
	if (po->meta && plot_meta_fill(po->meta, intel_oa_metric_set_name(s),
				       pl->name, &ev))
		goto out;
	descs = calloc(ev.n_sel ? ev.n_sel : 1, sizeof(*descs));
	if (!descs) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	for (i = 0; i < ev.n_sel; i++)
		descs[i] = intel_oa_metrics_description(m, ev.sel_names[i]);
	ev.out = intel_oa_output_new_described(po->out ? po->out : stdout,
					       po->kind,
					       intel_oa_metric_set_name(s),
					       pl->name, ev.n_sel, ev.sel_names,
					       ev.sel_units, descs);
	free(descs);
	if (!ev.out) {
		fprintf(stderr, PROG ": output: %s\n", strerror(errno));
		goto out;
	}
	/* Trace events on the recorder's CPU clock, to overlay CPU traces. */
	if (po->kind == INTEL_OA_OUTPUT_TRACE && rec.n_samples &&
	    trace_origin(&rec, &ev, &origin_ns))
		intel_oa_output_set_time_origin(ev.out, (double)origin_ns / 1e9);
	/*
	 * Evaluating and writing overlap on two threads (metrics-pipe.c);
	 * without one the evaluator writes itself, to the same effect.
	 */
	if (rec.n_samples > PIPE_MIN_REPORTS && !po->one_thread)
		ev.pipe = out_pipe_new(ev.out, ev.n_sel);
	for (i = 0; i < rec.n_samples; i++)
		evaluator_feed(&ev, intel_oa_recording_report(&rec, i));
	/* the last, shorter interval still counts */
	if (ev.interval_ticks)
		evaluator_flush(&ev);
	if (ev.pipe)
		out_pipe_finish(ev.pipe);
	ev.pipe = NULL;
	ret = intel_oa_output_finish(ev.out);
	ev.out = NULL;
	if (ret) {
		fprintf(stderr, PROG ": writing the output: %s\n",
			strerror(errno));
		goto out;
	}
	if (rec.n_samples < 2)
		fprintf(stderr, PROG ": %s: %zu report(s): no period to evaluate\n",
			path, rec.n_samples);
	/* periods across a loss still add up (one wrap at most), but say so */
	if (rec.lost || rec.buffer_lost)
		fprintf(stderr, PROG ": %s: %zu report-lost and %zu buffer-lost record(s)\n",
			path, rec.lost, rec.buffer_lost);
	status = 0;
out:
	if (ev.out)
		intel_oa_output_finish(ev.out);
	evaluator_fini(&ev);
	intel_oa_metrics_free(m);
	intel_oa_recording_fini(&rec);
	return status;
}

int cmd_print(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "set", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "metrics-dir", required_argument, NULL, 'd' },
		{ "interval", required_argument, NULL, 'i' },
		{ "force", no_argument, NULL, 'f' },
		{ "oa-xml", required_argument, NULL, 'x' },
		{ "threads", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char use[] =
		"usage: " PROG " print FILE [--set NAME] [--output table|csv|json|trace]\n"
		"                         [--metrics a,b] [--interval MS] [--metrics-dir DIR]\n"
		"                         [--oa-xml FILE] [--force] [--threads 1|2]\n"
		"\n"
		"Evaluates a recording (i915-perf-recorder's or '" PROG " record''s)\n"
		"period by period (Documentation/userspace.rst, \"Outputs\").\n"
		"\n"
		"  FILE                    the recording\n"
		"  -s, --set NAME          metric set (default: the one the recording names)\n"
		"  -o, --output KIND       table (default), csv, json or trace (Chrome\n"
		"                          trace events)\n"
		"  -M, --metrics a,b       only these metrics\n"
		"  -i, --interval MS       merge reports into periods of at least MS ms\n"
		"                          (default: one period per pair of reports)\n"
		"  -d, --metrics-dir DIR   metric files (default: the ones built in)\n"
		"  -x, --oa-xml FILE       also Intel's sets of an OA metric XML file (IGT's\n"
		"                          or Mesa's oa-<chipset>.xml), evaluated as\n"
		"                          i915-perf-reader evaluates them\n"
		"  -f, --force             evaluate a recording made with another\n"
		"                          configuration than the set's (a note says so)\n"
		"  -j, --threads N         2 (default): evaluate and write on two threads\n"
		"                          (the same output); 1: one\n"
		"  -h, --help              this help\n";
	struct print_opts po = { .kind = INTEL_OA_OUTPUT_TABLE };
	int opt;

	while ((opt = getopt_long(argc, argv, "s:o:M:d:i:x:j:fh", opts, NULL)) != -1) {
		switch (opt) {
		case 'f': po.force = true; break;
		case 'j':
			if (strcmp(optarg, "1") && strcmp(optarg, "2")) {
				fprintf(stderr, PROG ": invalid --threads '%s': 1 or 2\n",
					optarg);
				return 1;
			}
			po.one_thread = !strcmp(optarg, "1");
			break;
		case 'x': use_oa_xml(optarg); break;
		case 's': po.setname = optarg; break;
		case 'o':
			if (parse_kind(optarg, &po.kind))
				return 1;
			break;
		case 'M': po.metrics = optarg; break;
		case 'd': po.mdir = optarg; break;
		case 'i':
			if (parse_positive("--interval", optarg, &po.interval_ms))
				return 1;
			break;
		case 'h': fputs(use, stdout); return 0;
		default: fputs(use, stderr); return 1;
		}
	}
	if (optind != argc - 1) {
		fputs(use, stderr);
		return 1;
	}
	return print_recording(argv[optind], &po);
}

/* ---- record ---- */
