/* SPDX-License-Identifier: MIT */
/*
 * intel-oa-metrics: what its files share (Documentation/userspace.rst,
 * "intel-oa-metrics"). Private to tools/cli, not library API.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#ifndef INTEL_OA_METRICS_CLI_H
#define INTEL_OA_METRICS_CLI_H

#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "intel_oa/device.h"
#include "intel_oa/intel_oa.h"
#include "intel_oa/metrics.h"
#include "intel_oa/output.h"

#define PROG "intel-oa-metrics"

/* Read buffer of a live stream: many reports per read() keep syscalls rare. */
#define STREAM_BUF (256 * 1024)

/* ---- csv and mali: metrics-file.c, -csv.c, -mali.c ---- */

int cmd_csv(int argc, char **argv);
int cmd_bounds(int argc, char **argv);
int cmd_mali(int argc, char **argv);
/* an intel_oa_builtin_fn: SECONDS is *(double *)ctx, the period length */
int seconds_builtin(void *ctx, int id, double *value);
void print_value(double v, unsigned int flags, const char *unit);

struct csv {
	const char *path;
	char **cols;
	size_t n_cols;
	size_t seconds_col;
	/* rows: n_rows x n_cols values; seconds separately */
	uint64_t *vals;
	double *secs;
	size_t n_rows;
	unsigned int *lines;	/* file line of each row */
};

int csv_load(struct csv *c, const char *path, int deltas);
void csv_free(struct csv *c);
int find_col(const struct csv *c, const char *name);

int run_mali(struct intel_oa_metrics *m, const char *mpath,
	     const char *setname, const char *const *dumps, int n_dumps,
	     const char *mask_s, const char *l2_s, const char *secs_s);

/* ---- metrics-common.c: helpers of the subcommands ---- */

/* Set by SIGINT / SIGTERM once catch_signals() ran. */
extern volatile sig_atomic_t stop_requested;

void catch_signals(void);
uint64_t now_ns(clockid_t clk);
int load_metrics_path(struct intel_oa_metrics *m, const char *path,
		      struct intel_oa_parse_error *err);
struct intel_oa_metrics *load_metrics(const char *path);
void use_oa_xml(const char *path);
void set_uuid(const char *name, char out[40]);
void set_uuid_of(const struct intel_oa_metric_set *s, char out[40]);
const char *igt_name(const char *ours);
const char *our_name(const char *recorded);
const struct intel_oa_platform *platform_of(uint32_t devid);
int parse_kind(const char *s, int *kind);
int parse_positive(const char *opt, const char *s, double *out);

/* How record and top sample: --exponent, else --period-us. */
struct sampling {
	int exponent;		/* -1: derive it from period_us */
	double period_us;
	/*
	 * --timer: an i915 stream (i915's properties only: the driver's
	 * hrtimer polls, read() copies); otherwise a ring stream that the
	 * half-full interrupt drains, read through mmap()
	 */
	int timer;
	const char *device;	/* --device: the DRM node (NULL: the first) */
};

/*
 * getopt_long() entries of --exponent ('e'), --period-us ('p'), --timer
 * ('T') and --device ('D')
 */
#define SAMPLING_OPTIONS \
	{ "exponent", required_argument, NULL, 'e' }, \
	{ "period-us", required_argument, NULL, 'p' }, \
	{ "timer", no_argument, NULL, 'T' }, \
	{ "device", required_argument, NULL, 'D' }

/* Their --help lines. */
#define SAMPLING_HELP \
	"  -e, --exponent N        OA timer exponent\n" \
	"  -p, --period-us US      OA sampling period (default 1000)\n" \
	"  -T, --timer             i915's semantics: the driver's 5 ms hrtimer\n" \
	"                          polls and read() copies (default: the half-full\n" \
	"                          interrupt drains a ring read through mmap())\n" \
	"  -D, --device NODE       the GPU's DRM node, e.g. /dev/dri/renderD129\n" \
	"                          (default: the first i915-compatible one)\n"

int parse_sampling(int opt, const char *arg, struct sampling *smp);

/* ---- metrics-eval.c: metrics of OA reports, period by period ---- */

/* ---- the output on a writer thread: metrics-pipe.c ---- */

struct out_pipe;
struct out_pipe *out_pipe_new(struct intel_oa_output *out, size_t n_sel);
void out_pipe_period(struct out_pipe *p, double t_start_s, double t_end_s,
		     const double *vals, const unsigned int *flags);
void out_pipe_finish(struct out_pipe *p);

struct evaluator {
	const struct intel_oa_metric_set *set;
	struct intel_oa_format fmt;
	size_t report_size;
	struct intel_oa_accumulator acc;
	struct intel_oa_oa_period op;
	struct intel_oa_gt_info gt;
	uint64_t ts_freq;
	uint8_t *prev;
	bool have_prev;
	uint64_t ticks;		/* since the first report */
	uint64_t period_start;	/* ticks at the start of the pending period */
	uint64_t interval_ticks; /* 0: every report pair is a period */
	size_t n_metrics;
	double *vals;
	unsigned int *flags;
	double *deltas;
	size_t *sel;		/* metrics shown, indices into vals */
	size_t n_sel;
	double *sel_vals;
	unsigned int *sel_flags;
	const char **sel_names;
	const char **sel_units;
	struct intel_oa_output *out;
	/* when set, out's periods are written by this thread (metrics-pipe.c) */
	struct out_pipe *pipe;
	/* called with each period's values, when set */
	void (*on_period)(struct evaluator *ev, void *arg);
	void *period_arg;
	uint64_t reports;
	uint64_t periods;
};

int evaluator_init(struct evaluator *ev,
		   const struct intel_oa_metric_set *s,
		   unsigned int format, const struct intel_oa_gen *gen,
		   const struct intel_oa_platform *pl, uint64_t ts_freq,
		   double gpu_freq_max, const struct intel_oa_gt_info *gt,
		   const char *metrics);
void evaluator_fini(struct evaluator *ev);
void evaluator_feed(struct evaluator *ev, const void *report);
bool evaluator_eval(struct evaluator *ev);
void evaluator_flush(struct evaluator *ev);

/* ---- metrics-session.c: the live stream ---- */

struct session {
	struct intel_oa_device dev;
	bool dev_open;
	const struct intel_oa_platform *pl;
	const struct intel_oa_metric_set *set;
	char uuid[40];
	int64_t config;		/* added config id, 0 if none */
	unsigned int format;
	int exponent;
	int stream;
	double gpu_freq_max;	/* Hz, 0 when sysfs does not say */
	uint64_t lost;
	struct intel_oa_ring_map map;	/* mapped ring, or zeroed */
	/*
	 * The device as DRM_I915_QUERY_TOPOLOGY_INFO, I915_PARAM_REVISION
	 * and sysfs describe it (@topo NULL: the query failed, @gt is the
	 * table row's full configuration): what the OA metric XML sets'
	 * register lists and equations are decided for.
	 */
	struct intel_oa_gt_info gt;
	void *topo;
	size_t topo_len;
};

int session_open(struct session *ss, struct intel_oa_metrics *m,
		 const char *setname, const struct sampling *smp);
void session_close(struct session *ss);
ssize_t session_read(struct session *ss, uint8_t *buf, size_t len,
		     int timeout_ms);
int session_map(struct session *ss);
ssize_t session_peek(struct session *ss, const uint8_t **records,
		     int timeout_ms);
void session_consume(struct session *ss, size_t bytes);
int feed_buffer(struct session *ss, struct evaluator *ev,
		const uint8_t *buf, size_t len);
ssize_t session_feed(struct session *ss, struct evaluator *ev, uint8_t *buf,
		     int timeout_ms);
double read_gpu_freq(const struct intel_oa_device *dev, const char *which);
void *query_topology(int fd, size_t *len);
int correlate(int fd, FILE *f);

/* ---- metrics-print.c ---- */

struct plot_meta;

struct print_opts {
	const char *setname;
	const char *mdir;
	const char *metrics;
	int kind;
	double interval_ms;
	bool force;			/* another configuration is fine */
	FILE *out;			/* NULL: stdout */
	struct plot_meta *meta;		/* filled when not NULL (plot) */
	bool one_thread;		/* --threads 1: no writer thread */
};

int print_recording(const char *path, const struct print_opts *po);

/* ---- the subcommands (metrics-list.c, -print.c, -record.c, -top.c) ---- */

int cmd_list(int argc, char **argv);
int cmd_print(int argc, char **argv);
int cmd_record(int argc, char **argv);
int cmd_top(int argc, char **argv);

#endif /* INTEL_OA_METRICS_CLI_H */
