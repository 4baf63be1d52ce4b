// SPDX-License-Identifier: MIT
/*
 * intel-oa-stat: sample the OA unit for a while and print counter totals.
 *
 * Copyright (c) 2025 The intel-oa authors
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "drm/intel_oa_drm.h"
#include "intel_oa/device.h"
#include "intel_oa/intel_oa.h"
#include "intel_oa/version.h"
#include "stream-open.h"

#define PROG "intel-oa-stat"
#define READ_BUF_SIZE (256 * 1024)
#define DEFAULT_PERIOD_NS 1000000ull
#define DEFAULT_DURATION_S 2.0
/* how long --sample-latency waits for a sampled report it cannot read */
#define SAMPLE_READ_TIMEOUT_NS 1000000000ull

/**
 * struct options - parsed command line
 * @device: device node, NULL to search
 * @format: format name, NULL for the generation's default
 * @period_ns: requested sampling period (used when @exponent < 0)
 * @poll_period_ns: DRM_I915_PERF_PROP_POLL_OA_PERIOD, 0 for the default
 * @exponent: explicit timer exponent, -1 when not given
 * @duration_s: how long to sample
 * @metrics_set: metrics set id, 0 to pick one
 * @dump: print every report
 * @periods: print the context periods
 * @timer_given: --period or --exponent was on the command line
 * @sample_latency: samples of the --sample-latency mode, 0 when off
 * @mmap: consume the stream ring through mmap() instead of read()
 * @use_read: --read: consume a ring stream with read()
 * @timer: --timer: an i915 stream (i915's properties only: the hrtimer
 *	polls, read() copies), no intel_oa property
 * @discard: count records without decoding reports (a reader's floor)
 * @oa_buffer_size: INTEL_OA_PERF_PROP_OA_BUFFER_SIZE, 0 for the default
 * @ring_size: INTEL_OA_PERF_PROP_RING_SIZE, 0 for the default
 * @wait_reports: INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS, 0 when not set
 */
struct options {
	const char *device;
	const char *format;
	uint64_t period_ns;
	uint64_t poll_period_ns;
	int exponent;
	double duration_s;
	uint64_t metrics_set;
	int dump;
	int periods;
	int timer_given;
	uint64_t sample_latency;
	int mmap;
	int use_read;
	int timer;
	int discard;
	uint64_t oa_buffer_size;
	uint64_t ring_size;
	uint64_t wait_reports;
	int engine_class;	/* -1: none given, the render GT's OA unit */
	int engine_instance;
};

/**
 * struct stats - what the sampling loop collected
 * @report_lost: OA_REPORT_LOST records
 * @buffer_lost: OA_BUFFER_LOST records
 * @unknown: records of unknown type
 * @reserved_nonzero: reports with a reserved or padding dword that is not
 *	0 (only formats whose layout names reserved dwords: Gen6-7.5 and the
 *	Gen12.5 64-bit-header formats)
 * @by_source: reports per RPT_ID SourceID (generations with one: Gen12.5)
 * @lost_counted: reports the intel_oa lost records say were lost
 * @wakeups: times poll() returned with data
 * @half_full_irqs: OA half-full interrupts the driver served for the
 *	stream (debugfs), -1 when unknown
 * @sampled_ns: from the return of the enable ioctl (the unit runs by
 *	then) to the end of the final drain
 * @enable_ns: how long the enable ioctl took: the unit started somewhere
 *	in it, so the reports it wrote meanwhile are not counted due
 * @fill_max: most bytes the mapped ring held when the reader came to it
 * @wait_reports: the stream's wake-up threshold, reports (0: none)
 * @ring_size: the stream ring's bytes
 * @samples: SAMPLE records
 * @timer_reports: those whose report has the timer reason (all of them
 *	where the generation defines no reason field)
 * @bytes: bytes of records consumed
 * @discard: count records only; decode nothing else (--discard)
 * @s: reports, deltas, reasons, contexts and timer gaps
 */
struct stats {
	uint64_t report_lost;
	uint64_t lost_counted;
	uint64_t wakeups;
	int64_t half_full_irqs;
	uint64_t sampled_ns;
	uint64_t enable_ns;
	uint64_t fill_max;
	uint64_t wait_reports;
	uint64_t ring_size;
	uint64_t samples;
	uint64_t timer_reports;
	uint64_t bytes;
	int discard;
	uint64_t buffer_lost;
	uint64_t unknown;
	uint64_t reserved_nonzero;
	uint64_t by_source[64];
	struct intel_oa_stream_stats s;
};

/*
 * The register written by the fallback metrics set when the device
 * advertises none: i915 refuses configs without registers. A zero CEC0_0
 * only changes what B counters count; Gen12+ moved the boolean registers,
 * so it writes 0 to NOA_WRITE there, the one mux register every
 * generation's whitelist has. Sandy Bridge, Ivy Bridge and Valleyview
 * have their four CEC pairs at 0x2390 instead of 0x2770.
 */
static const struct {
	unsigned int min_ver;
	int is_mux;
	struct intel_oa_reg_pair reg;
} fallback_regs[] = {
	{ 1200, 1, { 0x9888, 0 } },	/* NOA_WRITE */
	{ 750, 0, { 0x2770, 0 } },	/* CEC0_0 */
	{ 0, 0, { 0x2390, 0 } },	/* CEC0-0 of SNB, IVB, VLV */
};

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static void usage(FILE *f)
{
	fprintf(f,
"Usage: " PROG " [OPTION]...\n"
"Open an OA perf stream on an i915-compatible GPU (intel_oa.ko), sample for\n"
"a while and print the number of reports, every counter's total delta and\n"
"rate, the reports per report reason and the contexts the reports carry.\n"
"\n"
"  -d, --device PATH      DRM node (default: first node whose driver is i915)\n"
"  -E, --engine CLASS:INSTANCE\n"
"                         sample the OA unit that observes this engine\n"
"                         (perf revision 6+): CLASS render, video,\n"
"                         video-enhance, copy, compute or a uAPI number,\n"
"                         INSTANCE its uAPI instance, e.g. video:0 for\n"
"                         Meteor Lake's media GT OAM (default: the render\n"
"                         GT's unit; on an OAM the default format is the\n"
"                         first OAM one, MPEC8u64_B8_C8)\n"
"  -f, --format NAME      report format, by name or uAPI number (default:\n"
"                         the richest format of the device's generation:\n"
"                         A32u40_A4u32_B8_C8 on Gen8-12, A38u64_B8_C8 on\n"
"                         DG2/ATS-M, A45_B8_C8 on Haswell, IVB_A45_B4 on Ivy\n"
"                         Bridge and Valleyview, SNB_A29_B4 on Sandy\n"
"                         Bridge); a format a stream of the generation\n"
"                         cannot carry is refused\n"
"  -p, --period TIME      sampling period, e.g. 1ms, 500us, 2000000ns\n"
"                         (default 1ms; the smallest timer exponent whose\n"
"                         period is at least TIME is used, at least 3 on\n"
"                         Sandy Bridge)\n"
"  -e, --exponent N       timer exponent 0..31 (overrides --period; Sandy\n"
"                         Bridge: 3..31, its shortest period is 2^4 ticks)\n"
"  -P, --poll-period TIME the driver's hrtimer period, the latency bound of\n"
"                         wake-ups (DRM_I915_PERF_PROP_POLL_OA_PERIOD; default\n"
"                         5ms, 1s with --wait-reports)\n"
"  -M, --mmap             consume the stream ring through mmap() (zero copy;\n"
"                         the default)\n"
"  -r, --read             consume the stream ring with read() instead\n"
"  -T, --timer            i915's semantics instead of the ring stream: open\n"
"                         the stream with i915's properties only, so the\n"
"                         driver's hrtimer (5 ms, --poll-period) polls the\n"
"                         OA buffer and read() copies from it; no half-full\n"
"                         interrupt, no mmap(), no --oa-buffer, --ring or\n"
"                         --wait-reports\n"
"  -X, --discard          count records and timer reports only, decode\n"
"                         nothing else (what a reader costs at the least)\n"
"  -B, --oa-buffer BYTES  hardware OA buffer size, e.g. 128K, 16M (default:\n"
"                         sized by the driver from the sampling rate)\n"
"  -R, --ring BYTES       stream ring size, 128K..1G (default 16M; above\n"
"                         16M needs CAP_PERFMON)\n"
"  -W, --wait-reports N   wake up only once N reports are ready (or the\n"
"                         poll period elapsed; default: 50 ms of reports,\n"
"                         so at most 20 wake-ups a second, and at most a\n"
"                         quarter of the ring, so a late reader finds room)\n"
"  -t, --duration SECONDS how long to sample (default 2)\n"
"  -m, --metrics-set ID   metrics set (default: lowest id in sysfs; if none,\n"
"                         a one-register set is added and removed on exit)\n"
"  -D, --dump             print every decoded report (reason, context-valid\n"
"                         bit, CTX_ID, GPU_TICKS where the generation has\n"
"                         them, SourceID, tile, CCS id and delayed bit on\n"
"                         DG2/ATS-M, INST ADD, non-zero reserved dwords,\n"
"                         first A counter)\n"
"  -S, --sample-latency N instead of sampling for a while, ask for N\n"
"                         on-demand reports (INTEL_OA_PERF_IOCTL_SAMPLE,\n"
"                         DG2/ATS-M, MTL/ARL) and print the min/median/p99/max time\n"
"                         from the ioctl's start to the non-blocking read()\n"
"                         that returned each report; no periodic timer unless\n"
"                         --period or --exponent is given\n"
"  -c, --context-periods  also print every context period: a run of reports\n"
"                         that starts at a context-switch report (or where\n"
"                         the context changes without one) with its first\n"
"                         and last timestamp, report count and context ID\n"
"  -l, --list-formats     list the report formats and the generations that\n"
"                         write them, and exit\n"
"  -L, --list-platforms   list the known platforms (PCI id, generation, GT,\n"
"                         timestamp clock) and exit\n"
"  -h, --help             show this help and exit\n"
"      --version          print the version and exit\n"
"\n"
"After the counter table come the reports per reason bit of the generation\n"
"(timer, trigger1, trigger2, context-switch, go-transition, and from Gen9\n"
"clock-ratio-change, from Gen12 mmio-trigger; a report with several reasons\n"
"counts once for each), on DG2/ATS-M the reports per RPT_ID SourceID\n"
"(other, cpu, ...), and one row per context: CTX_ID, context-valid bit,\n"
"reports, context periods and timestamp ticks. \"reports due\" is the\n"
"sampling rate times the time sampled (the enable ioctl's return to the\n"
"final drain; the unit starts within the ioctl, so a little more than\n"
"100 %% may arrive); \"delivered\" compares the reports that arrived with it.\n"
"\"period gaps\" compares\n"
"consecutive timer reports only, so context-switch reports between them\n"
"are not gaps.\n"
"\n"
"Gen6-7.5 (Sandy Bridge, Ivy Bridge, Valleyview, Haswell) reports have a\n"
"36-bit TIME_STAMP, a timer reason bit and no GPU_TICKS, CTX_ID or\n"
"context-valid bit: the GPU_TICKS row and the context table are left out,\n"
"and \"reserved dwords not 0\" counts reports whose reserved dwords (which\n"
"read 0 by the PRM) were not.\n"
"\n"
"Opening a stream needs root (or dev.i915.perf_stream_paranoid=0).\n"
"Exit status: 0 on success, 1 on any error.\n");
}

/* Graphics versions the library knows, for the listings. */
static const unsigned int known_vers[] = {
	600, 700, 750, 800, 900, 1000, 1100, 1200, 1250, 1270
};

static void list_formats(void)
{
	unsigned int i, v;

	printf("%-3s %-24s %-4s %-6s %5s %4s %4s %4s %4s  %s\n", "id", "name",
	       "unit", "select", "bytes", "A", "B", "C", "MPEC",
	       "generations");
	for (i = 0; i < intel_oa_layout_count(); i++) {
		const struct intel_oa_layout *l = intel_oa_layout_at(i);
		const char *sep = "";

		printf("%-3u %-24s %-4s %-6u %5u %4u %4u %4u %4u  ", l->id,
		       l->name, l->unit, l->counter_select, l->size,
		       l->n_counters[INTEL_OA_COUNTER_A],
		       l->n_counters[INTEL_OA_COUNTER_B],
		       l->n_counters[INTEL_OA_COUNTER_C],
		       l->n_counters[INTEL_OA_COUNTER_M]);
		for (v = 0; v < sizeof(known_vers) / sizeof(known_vers[0]);
		     v++) {
			const struct intel_oa_gen *g =
				intel_oa_gen_by_ver(known_vers[v]);

			/* C4_B8 has one row for Haswell, one for Gen8+ */
			if (intel_oa_gen_layout(g, l->id) != l)
				continue;
			printf("%s%s%s", sep, g->name,
			       intel_oa_gen_default_format(g) == l->id ? "*" :
			       !intel_oa_gen_stream_supports(g, l->id) ? "^" :
			       "");
			sep = ",";
		}
		printf("\n");
	}
	printf("(* the generation's default; ^ decoded only, no stream carries it)\n");
}

static void list_platforms(void)
{
	unsigned int i;

	printf("%-8s %-6s %-7s %-3s %10s %10s  %-8s  %s\n", "name", "id",
	       "gen", "GT", "OA ts Hz", "CS ts Hz", "SxSSxEU", "part");
	for (i = 0; i < intel_oa_platform_count(); i++) {
		const struct intel_oa_platform *p = intel_oa_platform_at(i);
		const struct intel_oa_gen *g = intel_oa_gen_by_ver(p->ver);
		char gt[8], topo[16];

		snprintf(gt, sizeof(gt), p->gt ? "%u" : "-", p->gt);
		snprintf(topo, sizeof(topo), "%ux%ux%u", p->slices,
			 p->subslices, p->eus);
		printf("%-8s 0x%04x %-7s %-3s %10" PRIu64 " %10" PRIu64
		       "  %-8s  %s\n", p->name, p->devid, g ? g->name : "?", gt,
		       p->ts_freq, p->cs_ts_freq, topo, p->part);
	}
}

static int parse_u64(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end || s[0] == '-')
		return -1;
	*out = v;
	return 0;
}

static int parse_period(const char *s, uint64_t *ns)
{
	static const struct {
		const char *suffix;
		uint64_t mult;
	} units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 },
		{ "s", 1000000000 }, { "", 1 },
	};
	unsigned long long v;
	unsigned int i;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || s[0] == '-')
		return -1;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++) {
		if (strcmp(end, units[i].suffix) == 0) {
			if (v > UINT64_MAX / units[i].mult)
				return -1;
			*ns = v * units[i].mult;
			return *ns ? 0 : -1;
		}
	}
	return -1;
}

/* Bytes with an optional K, M or G (binary) suffix. */
static int parse_size(const char *s, uint64_t *out)
{
	static const char suffixes[] = "KMG";
	const char *p;
	char *end;
	uint64_t v;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || end == s || *s == '-')
		return -1;
	if (*end) {
		p = strchr(suffixes, *end);
		if (!p || end[1] || v > (UINT64_MAX >> (10 * (p - suffixes + 1))))
			return -1;
		v <<= 10 * (p - suffixes + 1);
	}
	*out = v;
	return 0;
}

/* i915's engine classes (I915_ENGINE_CLASS_*), by name */
static const char *const engine_classes[] = {
	"render", "copy", "video", "video-enhance", "compute",
};

/* CLASS:INSTANCE, CLASS by name or number. */
static int parse_engine(const char *s, int *class, int *instance)
{
	const char *colon = strchr(s, ':');
	uint64_t v;
	size_t len;
	unsigned int i;
	char name[32];

	if (!colon || colon == s)
		return -1;
	len = (size_t)(colon - s);
	if (len >= sizeof(name))
		return -1;
	memcpy(name, s, len);
	name[len] = '\0';
	*class = -1;
	for (i = 0; i < sizeof(engine_classes) / sizeof(engine_classes[0]); i++)
		if (!strcmp(name, engine_classes[i]))
			*class = (int)i;
	if (*class < 0) {
		if (parse_u64(name, &v) || v > UINT16_MAX)
			return -1;
		*class = (int)v;
	}
	if (parse_u64(colon + 1, &v) || v > UINT16_MAX)
		return -1;
	*instance = (int)v;
	return 0;
}

static const char *engine_class_name(int class, char *buf, size_t len)
{
	if (class >= 0 &&
	    (size_t)class < sizeof(engine_classes) / sizeof(engine_classes[0]))
		return engine_classes[class];
	snprintf(buf, len, "class %d", class);
	return buf;
}

static int parse_args(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "engine", required_argument, NULL, 'E' },
		{ "format", required_argument, NULL, 'f' },
		{ "period", required_argument, NULL, 'p' },
		{ "exponent", required_argument, NULL, 'e' },
		{ "poll-period", required_argument, NULL, 'P' },
		{ "duration", required_argument, NULL, 't' },
		{ "metrics-set", required_argument, NULL, 'm' },
		{ "dump", no_argument, NULL, 'D' },
		{ "context-periods", no_argument, NULL, 'c' },
		{ "sample-latency", required_argument, NULL, 'S' },
		{ "mmap", no_argument, NULL, 'M' },
		{ "read", no_argument, NULL, 'r' },
		{ "timer", no_argument, NULL, 'T' },
		{ "discard", no_argument, NULL, 'X' },
		{ "oa-buffer", required_argument, NULL, 'B' },
		{ "ring", required_argument, NULL, 'R' },
		{ "wait-reports", required_argument, NULL, 'W' },
		{ "list-formats", no_argument, NULL, 'l' },
		{ "list-platforms", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	uint64_t v;
	char *end;
	int c;

	o->device = NULL;
	o->format = NULL;
	o->period_ns = DEFAULT_PERIOD_NS;
	o->poll_period_ns = 0;
	o->exponent = -1;
	o->duration_s = DEFAULT_DURATION_S;
	o->metrics_set = 0;
	o->dump = 0;
	o->periods = 0;
	o->timer_given = 0;
	o->sample_latency = 0;
	o->mmap = 0;
	o->use_read = 0;
	o->timer = 0;
	o->discard = 0;
	o->oa_buffer_size = 0;
	o->ring_size = 0;
	o->wait_reports = 0;
	o->engine_class = -1;
	o->engine_instance = 0;

	while ((c = getopt_long(argc, argv, "d:E:f:p:P:e:t:m:S:MrTXB:R:W:DclLh", longopts,
				NULL)) != -1) {
		switch (c) {
		case 'd':
			o->device = optarg;
			break;
		case 'E':
			if (parse_engine(optarg, &o->engine_class,
					 &o->engine_instance)) {
				fprintf(stderr,
					PROG ": invalid --engine '%s': give CLASS:INSTANCE, CLASS one of render, copy, video, video-enhance, compute or a number 0..65535, INSTANCE 0..65535 (e.g. video:0)\n",
					optarg);
				return -1;
			}
			break;
		case 'f':
			o->format = optarg;
			break;
		case 'p':
			if (parse_period(optarg, &o->period_ns)) {
				fprintf(stderr,
					PROG ": invalid --period '%s': give a positive number with an optional ns/us/ms/s suffix\n",
					optarg);
				return -1;
			}
			o->timer_given = 1;
			break;
		case 'P':
			if (parse_period(optarg, &o->poll_period_ns)) {
				fprintf(stderr,
					PROG ": invalid --poll-period '%s': give a positive number with an optional ns/us/ms/s suffix\n",
					optarg);
				return -1;
			}
			break;
		case 'e':
			if (parse_u64(optarg, &v) || v > 31) {
				fprintf(stderr,
					PROG ": invalid --exponent '%s': must be 0..31\n",
					optarg);
				return -1;
			}
			o->exponent = (int)v;
			o->timer_given = 1;
			break;
		case 'S':
			if (parse_u64(optarg, &o->sample_latency) ||
			    !o->sample_latency ||
			    o->sample_latency > 10000000) {
				fprintf(stderr,
					PROG ": invalid --sample-latency '%s': give a number of samples, 1..10000000\n",
					optarg);
				return -1;
			}
			break;
		case 't':
			errno = 0;
			o->duration_s = strtod(optarg, &end);
			if (errno || end == optarg || *end ||
			    !(o->duration_s > 0) || o->duration_s > 86400) {
				fprintf(stderr,
					PROG ": invalid --duration '%s': give seconds, more than 0 and at most 86400\n",
					optarg);
				return -1;
			}
			break;
		case 'm':
			if (parse_u64(optarg, &o->metrics_set) ||
			    !o->metrics_set) {
				fprintf(stderr,
					PROG ": invalid --metrics-set '%s': give a positive id from /sys/class/drm/card*/metrics/*/id\n",
					optarg);
				return -1;
			}
			break;
		case 'M':
			o->mmap = 1;
			break;
		case 'r':
			o->use_read = 1;
			break;
		case 'T':
			o->timer = 1;
			break;
		case 'X':
			o->discard = 1;
			break;
		case 'B':
		case 'R':
			if (parse_size(optarg, &v) || !v) {
				fprintf(stderr,
					PROG ": invalid --%s '%s': give bytes with an optional K/M/G suffix\n",
					c == 'B' ? "oa-buffer" : "ring", optarg);
				return -1;
			}
			if (c == 'B')
				o->oa_buffer_size = v;
			else
				o->ring_size = v;
			break;
		case 'W':
			if (parse_u64(optarg, &o->wait_reports) ||
			    !o->wait_reports) {
				fprintf(stderr,
					PROG ": invalid --wait-reports '%s': give a positive number of reports\n",
					optarg);
				return -1;
			}
			break;
		case 'D':
			o->dump = 1;
			break;
		case 'c':
			o->periods = 1;
			break;
		case 'l':
			list_formats();
			exit(0);
		case 'L':
			list_platforms();
			exit(0);
		case 'h':
			usage(stdout);
			exit(0);
		case 'V':
			printf(PROG " " INTEL_OA_VERSION_STRING "\n");
			exit(0);
		default:
			fprintf(stderr, "Try '" PROG " --help'.\n");
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, PROG ": unexpected argument '%s'; try '" PROG
			" --help'.\n", argv[optind]);
		return -1;
	}
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The first format a stream of @gen carries that the media GT's OAM writes. */
static const struct intel_oa_layout *first_oam_layout(const struct intel_oa_gen *gen)
{
	const struct intel_oa_layout *l;
	unsigned int i;

	for (i = 0; (l = intel_oa_layout_at(i)); i++)
		if (!strcmp(l->unit, "OAM") &&
		    intel_oa_gen_stream_supports(gen, l->id))
			return l;
	return NULL;
}

static void print_supported(const struct intel_oa_gen *gen)
{
	unsigned int i;

	fprintf(stderr, PROG ": a %s stream can carry:", gen->name);
	for (i = 0; i < intel_oa_layout_count(); i++) {
		const struct intel_oa_layout *l = intel_oa_layout_at(i);

		if (intel_oa_gen_layout(gen, l->id) == l &&
		    intel_oa_gen_stream_supports(gen, l->id))
			fprintf(stderr, " %s", l->name);
	}
	fprintf(stderr, "\n");
}

static void dump_report(const struct intel_oa_format *fmt,
			const struct intel_oa_report *r)
{
	char reason[128];

	printf("report ts=0x%08" PRIx64 " rpt_id=0x%08" PRIx64 " reason=%s",
	       r->timestamp, r->rpt_id,
	       intel_oa_gen_reason_string(fmt->gen, r->reason, reason,
					  sizeof(reason)));
	if (fmt->gen->ctx_valid_bit >= 0)
		printf(" ctx_valid=%d", r->ctx_valid);
	if (r->has_source_id) {
		char src[24];

		printf(" source=%s",
		       intel_oa_source_string(r->source_id, src, sizeof(src)));
		if (fmt->header == INTEL_OA_HDR_64)
			printf(" tile=%u ccs=%u delayed=%d", r->tile_id,
			       r->ccs_id, r->delayed);
	}
	if (r->has_ctx_id)
		printf(" ctx_id=0x%08" PRIx32, r->ctx_id);
	if (r->has_gpu_ticks)
		printf(" gpu_ticks=%" PRIu64, r->gpu_ticks);
	if (r->has_inst_addr)
		printf(" inst_addr=0x%08" PRIx32, r->inst_addr);
	if (r->reserved_nonzero || r->reserved_nonzero_hi)
		printf(" reserved_not_0=0x%016" PRIx64 "%016" PRIx64,
		       r->reserved_nonzero_hi, r->reserved_nonzero);
	if (fmt->layout->n_counters[INTEL_OA_COUNTER_A]) {
		unsigned int i;

		for (i = 0; i < INTEL_OA_MAX_A; i++)
			if (r->a_mask & (1ull << i)) {
				printf(" A%u=%" PRIu64, i, r->a[i]);
				break;
			}
	}
	printf("\n");
}

/*
 * The device's platform name; an id the table has no row for may be a
 * sibling of one (same generation and GT level).
 */
static const char *platform_label(const struct intel_oa_device *dev,
				  const char *fallback, char *buf, size_t len)
{
	const struct intel_oa_platform *p;

	if (dev->platform)
		return dev->platform->name;
	p = intel_oa_platform_for_devid((uint16_t)dev->devid);
	if (!p)
		return fallback;
	snprintf(buf, len, "sibling of %s", p->name);
	return buf;
}

/* RPT_ID's timer reason bit (DW0), without decoding anything else. */
static bool is_timer_report(const struct intel_oa_format *fmt,
			    const void *report)
{
	const struct intel_oa_gen *gen = fmt->gen;
	uint32_t rpt_id;

	if (!gen->reason_bits)
		return true;
	memcpy(&rpt_id, report, sizeof(rpt_id));
	return (rpt_id >> gen->reason_shift) & INTEL_OA_REASON_TIMER;
}

/* Walk one read() buffer; returns 0 or -1 after printing an error. */
static int consume(const struct intel_oa_format *fmt, const uint8_t *buf,
		   size_t len, struct stats *st, int dump)
{
	size_t size = fmt->layout->size;
	struct intel_oa_record_iter it;
	struct intel_oa_record rec;
	int ret;

	st->bytes += len;
	intel_oa_record_iter_init(&it, buf, len, size);
	while ((ret = intel_oa_record_next(&it, &rec)) == 1) {
		struct intel_oa_report r;

		switch (rec.type) {
		case DRM_I915_PERF_RECORD_SAMPLE:
			st->samples++;
			if (is_timer_report(fmt, rec.payload))
				st->timer_reports++;
			if (st->discard)
				break;
			if (intel_oa_stats_add(&st->s, rec.payload, &r)) {
				fprintf(stderr,
					PROG ": out of memory for the context periods; drop --context-periods or sample for less time\n");
				return -1;
			}
			if (r.reserved_nonzero || r.reserved_nonzero_hi)
				st->reserved_nonzero++;
			if (r.has_source_id)
				st->by_source[r.source_id & 63]++;
			if (dump)
				dump_report(fmt, &r);
			break;
		case DRM_I915_PERF_RECORD_OA_REPORT_LOST:
			st->report_lost++;
			break;
		case INTEL_OA_PERF_RECORD_LOST:
			st->report_lost++;
			if (rec.payload_len >= 8)
				st->lost_counted +=
					((const uint32_t *)rec.payload)[1];
			break;
		case DRM_I915_PERF_RECORD_OA_BUFFER_LOST:
			st->buffer_lost++;
			/* do not bridge a gap of unknown length */
			intel_oa_stats_break(&st->s);
			break;
		default:
			st->unknown++;
			break;
		}
	}
	if (ret < 0) {
		fprintf(stderr,
			PROG ": malformed record at offset %zu of a %zu-byte read (expected %zu-byte reports): driver/format mismatch?\n",
			it.error, len, size);
		return -1;
	}
	return 0;
}

/* Records the ring holds now, through the mapping; 0 or -1. */
static int consume_mapped(const struct intel_oa_format *fmt,
			  const struct intel_oa_ring_map *map, int dump,
			  struct stats *st)
{
	const void *records;
	size_t n = intel_oa_ring_peek(map, &records);

	if (!records) {
		fprintf(stderr,
			PROG ": the stream ring's positions are inconsistent\n");
		return -1;
	}
	if (!n)
		return 0;
	if (n > st->fill_max)
		st->fill_max = n;
	if (consume(fmt, records, n, st, dump))
		return -1;
	intel_oa_ring_consume(map, n);
	return 0;
}

/*
 * Whatever landed until now, with the mapping the ring first, then what
 * read() still finds. Read until two reads in a row return less than a full buffer: the
 * driver drains the OA buffer in one of any two such reads (a ring
 * stream's read() drains when the ring cannot fill the buffer, but not
 * in two calls in a row), and each of them copied all the ring held, so
 * every report the unit had written before the first of them has been
 * read. *@end_ns gets the time before that first read: the time sampled
 * ends there. Gives up after a second (a reader slower than the stream):
 * *@end_ns is then the time of the last read.
 */
static int drain_rest(int stream, const struct intel_oa_format *fmt,
		      const struct intel_oa_ring_map *map, uint8_t *buf,
		      int dump, struct stats *st, uint64_t *end_ns)
{
	int flags = fcntl(stream, F_GETFL);
	double deadline = now_s() + 1.0;
	uint64_t before, short_before = 0;
	bool was_short = false;

	if (map && consume_mapped(fmt, map, dump, st))
		return -1;
	if (flags < 0 || fcntl(stream, F_SETFL, flags | O_NONBLOCK) < 0) {
		perror(PROG ": fcntl on the perf stream");
		return -1;
	}
	*end_ns = now_ns();
	while (now_s() < deadline) {
		ssize_t n;

		before = now_ns();
		n = read(stream, buf, READ_BUF_SIZE);
		*end_ns = before;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno != EAGAIN) {
			fprintf(stderr,
				PROG ": the final read from the perf stream failed: %s\n",
				strerror(errno));
			return -1;
		}
		if (n == 0) {
			fprintf(stderr,
				PROG ": the final read from the perf stream failed: end of file\n");
			return -1;
		}
		if (n > 0 && consume(fmt, buf, (size_t)n, st, dump))
			return -1;
		/* whole records only: a full read leaves less than one free */
		if (n > READ_BUF_SIZE - 4096) {
			was_short = false;
			continue;
		}
		if (was_short) {
			*end_ns = short_before;
			return 0;
		}
		was_short = true;
		short_before = before;
	}
	return 0;
}

/*
 * A counter of the driver's debugfs intel_oa_stats of @dev (root only),
 * found through the DRM minor of the open fd. Return: 0 or -1.
 */
static int debugfs_stat(const struct intel_oa_device *dev, const char *name,
			uint64_t *value)
{
	char path[96], line[128];
	size_t len = strlen(name);
	struct stat sb;
	FILE *f;
	int ret = -1;

	if (fstat(dev->fd, &sb) || !S_ISCHR(sb.st_mode))
		return -1;
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%u/intel_oa_stats",
		 minor(sb.st_rdev));
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, name, len) && line[len] == ':') {
			*value = strtoull(line + len + 1, NULL, 10);
			ret = 0;
			break;
		}
	}
	fclose(f);
	return ret;
}

static int sample(int stream, const struct intel_oa_format *fmt,
		  double duration, int dump, int use_mmap, struct stats *st)
{
	struct intel_oa_ring_map map;
	uint64_t t0, t_end;
	double end;
	uint8_t *buf;
	int ret = -1;

	memset(&map, 0, sizeof(map));
	buf = malloc(READ_BUF_SIZE);
	if (!buf) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	if (use_mmap) {
		ret = intel_oa_ring_map(stream, &map);
		if (ret) {
			fprintf(stderr,
				PROG ": cannot map the stream ring: %s (a driver without intel_oa's ring?)\n",
				strerror(-ret));
			ret = -1;
			goto out;
		}
		st->ring_size = map.size;
		ret = -1;
	}

	/*
	 * The time sampled starts when the stream (opened disabled) is
	 * enabled: the unit starts within the ioctl, so it has run for the
	 * whole time from the ioctl's return, and the reports due in that
	 * time are a lower bound of those it wrote.
	 */
	t0 = now_ns();
	end = now_s() + duration;
	if (ioctl(stream, I915_PERF_IOCTL_ENABLE, 0) < 0) {
		fprintf(stderr, PROG ": enabling the perf stream failed: %s\n",
			strerror(errno));
		goto out;
	}
	st->enable_ns = now_ns() - t0;
	t0 += st->enable_ns;
	while (!stop_requested) {
		struct pollfd pfd = { .fd = stream, .events = POLLIN };
		double left = end - now_s();
		ssize_t n;
		int pr;

		if (left <= 0)
			break;
		pr = poll(&pfd, 1, (int)(left * 1000) + 1);
		if (pr < 0) {
			if (errno == EINTR)
				continue;
			perror(PROG ": poll on the perf stream");
			goto out;
		}
		if (pr == 0)
			continue;
		if (pfd.revents & (POLLERR | POLLHUP | POLLNVAL)) {
			fprintf(stderr,
				PROG ": the perf stream reported an error (revents 0x%x): was the device removed?\n",
				pfd.revents);
			goto out;
		}
		st->wakeups++;
		if (use_mmap) {
			if (consume_mapped(fmt, &map, dump, st))
				goto out;
			continue;
		}
		n = read(stream, buf, READ_BUF_SIZE);
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			fprintf(stderr,
				PROG ": read from the perf stream failed: %s\n",
				strerror(errno));
			goto out;
		}
		if (consume(fmt, buf, (size_t)n, st, dump))
			goto out;
	}
	if (drain_rest(stream, fmt, use_mmap ? &map : NULL, buf, dump, st,
		       &t_end))
		goto out;
	st->sampled_ns = t_end - t0;
	ret = 0;
out:
	if (use_mmap)
		intel_oa_ring_unmap(&map);
	free(buf);
	return ret;
}

/* GPU_TICKS and CTX_ID exist from Gen8 on; Gen6-7.5 headers lack both */
static bool has_header_extras(const struct intel_oa_format *fmt)
{
	return fmt->header != INTEL_OA_HDR_GEN7;
}

static void print_row(const char *name, uint64_t delta,
		      const struct intel_oa_stream_stats *s, uint64_t freq)
{
	printf("%-12s %20" PRIu64 " %20.1f\n", name, delta,
	       intel_oa_rate_per_second(delta, s->acc.timestamp, freq));
}

static void print_reasons(const struct intel_oa_stream_stats *s)
{
	const struct intel_oa_gen *gen = s->fmt.gen;
	unsigned int b;

	printf("\n%-20s %12s\n", "reason", "reports");
	for (b = 0; b < INTEL_OA_STATS_REASONS && b < gen->reason_bits; b++) {
		const char *name = intel_oa_reason_name(b);
		char reserved[16];

		if (!(gen->reasons & (1u << b))) {
			/* a reserved bit is only worth a row when it was set */
			if (!s->by_reason[b])
				continue;
			snprintf(reserved, sizeof(reserved), "reserved%u", b);
			name = reserved;
		}
		printf("%-20s %12" PRIu64 "\n", name, s->by_reason[b]);
	}
	if (s->no_reason || !gen->reason_bits)
		printf("%-20s %12" PRIu64 "\n", "none", s->no_reason);
}

/* Reports per RPT_ID SourceID: who asked for them (Gen12.5). */
static void print_sources(const struct stats *st)
{
	unsigned int i;

	printf("\n%-20s %12s\n", "source", "reports");
	for (i = 0; i < 64; i++) {
		char name[24];

		/* "other" (timer, context switch, GuC) and "cpu" always */
		if (!st->by_source[i] && i > INTEL_OA_SOURCE_CPU)
			continue;
		printf("%-20s %12" PRIu64 "\n",
		       intel_oa_source_string(i, name, sizeof(name)),
		       st->by_source[i]);
	}
}

static void print_contexts(const struct intel_oa_stream_stats *s)
{
	uint64_t i;

	printf("\ncontext periods      %" PRIu64 "\n", s->n_periods);
	printf("\n%-12s %5s %12s %8s %20s\n", "context", "valid", "reports",
	       "periods", "ticks");
	for (i = 0; i < s->n_ctx; i++)
		printf("0x%08" PRIx32 "   %5s %12" PRIu64 " %8" PRIu64
		       " %20" PRIu64 "\n", s->ctx[i].id,
		       s->ctx[i].valid ? "yes" : "no", s->ctx[i].reports,
		       s->ctx[i].periods, s->ctx[i].ticks);
	if (s->ctx_other)
		printf("%-12s %5s %12" PRIu64 "\n", "other", "", s->ctx_other);

	if (!s->keep_periods || !s->n_periods)
		return;
	printf("\n%-8s %20s %20s %10s %6s %s\n", "period", "first ts",
	       "last ts", "reports", "switch", "context");
	for (i = 0; i < s->n_periods; i++) {
		const struct intel_oa_ctx_period *p =
			intel_oa_stats_period(s, i);

		printf("%-8" PRIu64 " %20" PRIu64 " %20" PRIu64 " %10" PRIu64
		       " %6s ", i, p->first_ts, p->last_ts, p->reports,
		       p->switched ? "yes" : "no");
		if (p->valid)
			printf("0x%08" PRIx32 "\n", p->id);
		else
			printf("none (0x%08" PRIx32 ")\n", p->id);
	}
}

static void print_results(const struct intel_oa_device *dev,
			  const struct stats *st, unsigned int exponent)
{
	static const unsigned int maxes[INTEL_OA_COUNTER_KINDS] = {
		INTEL_OA_MAX_A, INTEL_OA_MAX_B, INTEL_OA_MAX_C, INTEL_OA_MAX_M
	};
	const struct intel_oa_stream_stats *s = &st->s;
	const uint64_t *sums[INTEL_OA_COUNTER_KINDS] = {
		s->acc.a, s->acc.b, s->acc.c, s->acc.m
	};
	const struct intel_oa_layout *l = s->fmt.layout;
	uint64_t present[INTEL_OA_COUNTER_KINDS] = { 0 };
	unsigned int k, i;
	uint64_t due;

	/* which counters the format has, straight from its runs */
	for (k = 0; k < l->n_runs; k++)
		for (i = 0; i < l->runs[k].count; i++)
			present[l->runs[k].kind] |=
				1ull << (l->runs[k].first + i);

	/* Due: one report per timer period of the time sampled. */
	due = (uint64_t)((double)st->sampled_ns / 1e9 * (double)dev->ts_freq /
			 (double)(2ull << exponent));
	printf("enable ioctl         %.6f s\n", st->enable_ns / 1e9);
	printf("sampled time         %.6f s\n", st->sampled_ns / 1e9);
	printf("reports due          %" PRIu64 "\n", due);
	printf("reports              %" PRIu64 "\n", st->samples);
	printf("timer reports        %" PRIu64 "\n", st->timer_reports);
	printf("delivered            %.2f %%\n",
	       due ? 100.0 * (double)st->timer_reports / (double)due : 100.0);
	printf("reader wake-ups      %" PRIu64 " (%.1f/s)\n", st->wakeups,
	       st->sampled_ns ? st->wakeups * 1e9 / st->sampled_ns : 0.0);
	/*
	 * The headroom a reader had: the most the ring held when it came to
	 * read. Beyond the wake-up threshold come the drain's batches (half
	 * the OA buffer per interrupt) and the reader's lateness.
	 */
	if (st->fill_max)
		printf("ring at wake-up      max %" PRIu64 " reports (%.1f %% of the ring; woken per %" PRIu64 ")\n",
		       st->fill_max / (CLI_RECORD_HEADER_SIZE + l->size),
		       100.0 * (double)st->fill_max / (double)st->ring_size,
		       st->wait_reports);
	if (st->half_full_irqs >= 0)
		printf("half-full interrupts %" PRId64 " (%.1f/s)\n",
		       st->half_full_irqs,
		       st->sampled_ns ?
		       st->half_full_irqs * 1e9 / st->sampled_ns : 0.0);
	else
		printf("half-full interrupts unknown (debugfs intel_oa_stats needs root)\n");
	printf("report-lost records  %" PRIu64 "\n", st->report_lost);
	if (st->lost_counted)
		printf("reports counted lost %" PRIu64 "\n", st->lost_counted);
	printf("buffer-lost records  %" PRIu64 "\n", st->buffer_lost);
	printf("bytes consumed       %" PRIu64 " (%.1f MB/s)\n", st->bytes,
	       st->sampled_ns ? st->bytes * 1e3 / st->sampled_ns : 0.0);
	if (st->discard) {
		printf("(--discard: nothing else decoded)\n");
		return;
	}
	printf("period gaps          %" PRIu64 "\n", s->gaps);
	if (st->unknown)
		printf("unknown records      %" PRIu64 "\n", st->unknown);
	if (l->reserved_dwords || l->reserved_dwords_hi)
		printf("reserved dwords not 0 %" PRIu64 "\n",
		       st->reserved_nonzero);
	printf("first timestamp      %" PRIu64 "\n", s->first_ts);
	printf("last timestamp       %" PRIu64 "\n", s->last_ts);
	printf("deltas accumulated   %" PRIu64 "\n", s->acc.n_deltas);
	printf("elapsed              %" PRIu64 " ticks = %.6f s\n",
	       s->acc.timestamp,
	       (double)intel_oa_ticks_to_ns(s->acc.timestamp, dev->ts_freq) /
	       1e9);
	printf("\n%-12s %20s %20s\n", "counter", "total delta", "per second");
	if (has_header_extras(&s->fmt))
		print_row("GPU_TICKS", s->acc.gpu_ticks, s, dev->ts_freq);
	for (k = 0; k < INTEL_OA_COUNTER_KINDS; k++) {
		for (i = 0; i < maxes[k]; i++) {
			char name[16];

			if (!(present[k] & (1ull << i)))
				continue;
			print_row(intel_oa_counter_name(k, i, name,
							sizeof(name)),
				  sums[k][i], s, dev->ts_freq);
		}
	}
	print_reasons(s);
	if (s->fmt.gen->xehp_rpt_id)
		print_sources(st);
	if (has_header_extras(&s->fmt))
		print_contexts(s);
	else
		printf("\ncontexts             none: %s reports carry no CTX_ID\n",
		       s->fmt.gen->name);
}

/**
 * struct latency - what --sample-latency measured
 * @ioctl_ns: per sample, the INTEL_OA_PERF_IOCTL_SAMPLE call alone
 * @total_ns: per sample, from the ioctl's start to the read() that
 *	returned its report
 * @n: samples in both arrays
 * @timeouts: ioctls that failed with ETIMEDOUT
 * @late: samples whose report the first non-blocking read() lacked
 * @missing: samples whose report never arrived (not in @n)
 * @mismatched: reports whose TIME_STAMP differs from the ioctl's answer
 * @other: reports read that were not the sampled ones
 */
struct latency {
	uint64_t *ioctl_ns;
	uint64_t *total_ns;
	uint64_t n;
	uint64_t timeouts;
	uint64_t late;
	uint64_t missing;
	uint64_t mismatched;
	uint64_t other;
};

/* The report an INTEL_OA_PERF_IOCTL_SAMPLE call returning @marker wrote */
static bool is_sampled(const struct intel_oa_report *r, uint32_t marker)
{
	return r->ctx_id == marker &&
	       (r->reason & INTEL_OA_REASON_MMIO_TRIGGER);
}

/*
 * Read @stream until the report of @marker shows up. Returns 1 when it
 * did, 0 when it did not within SAMPLE_READ_TIMEOUT_NS, -1 on an error.
 */
static int read_sampled(int stream, const struct intel_oa_format *fmt,
			uint8_t *buf, uint32_t marker, uint64_t timestamp,
			struct latency *lat)
{
	uint64_t deadline = now_ns() + SAMPLE_READ_TIMEOUT_NS;
	bool first = true;

	for (;;) {
		struct intel_oa_record_iter it;
		struct intel_oa_record rec;
		struct pollfd pfd = { .fd = stream, .events = POLLIN };
		ssize_t n = read(stream, buf, READ_BUF_SIZE);
		int found = 0, ret;

		if (n < 0 && errno != EAGAIN && errno != EINTR) {
			fprintf(stderr,
				PROG ": read from the perf stream failed: %s\n",
				strerror(errno));
			return -1;
		}
		if (n > 0) {
			intel_oa_record_iter_init(&it, buf, (size_t)n,
						  fmt->layout->size);
			while ((ret = intel_oa_record_next(&it, &rec)) == 1) {
				struct intel_oa_report r;

				if (rec.type != DRM_I915_PERF_RECORD_SAMPLE)
					continue;
				intel_oa_decode(fmt, rec.payload, &r);
				if (found || !is_sampled(&r, marker)) {
					lat->other++;
					continue;
				}
				found = 1;
				if (r.timestamp != timestamp)
					lat->mismatched++;
			}
			if (ret < 0) {
				fprintf(stderr,
					PROG ": malformed record at offset %zu of a %zd-byte read\n",
					it.error, n);
				return -1;
			}
			if (found)
				return 1;
		}
		if (first)
			lat->late++;
		first = false;
		if (now_ns() >= deadline || stop_requested)
			return 0;
		poll(&pfd, 1, 10);
	}
}

static int sample_latency(int stream, const struct intel_oa_format *fmt,
			  uint64_t count, struct latency *lat)
{
	uint8_t *buf = malloc(READ_BUF_SIZE);
	uint64_t i;
	int ret = -1;

	lat->ioctl_ns = calloc(count, sizeof(uint64_t));
	lat->total_ns = calloc(count, sizeof(uint64_t));
	if (!buf || !lat->ioctl_ns || !lat->total_ns) {
		fprintf(stderr, PROG ": out of memory\n");
		goto out;
	}
	for (i = 0; i < count && !stop_requested; i++) {
		uint64_t t0, t1, ts;
		uint32_t marker;
		int err, got;

		t0 = now_ns();
		err = intel_oa_stream_sample(stream, &marker, &ts);
		t1 = now_ns();
		if (err == -ETIMEDOUT) {
			lat->timeouts++;
			continue;
		}
		if (err == -EINTR)
			break;
		if (err) {
			fprintf(stderr,
				PROG ": INTEL_OA_PERF_IOCTL_SAMPLE failed: %s%s\n",
				strerror(-err),
				err == -ENODEV ?
				" (on-demand samples need the OA unit's MMIO trigger: DG2/ATS-M, MTL/ARL)" :
				err == -ENOTTY ?
				" (the driver has no sample ioctl)" : "");
			goto out;
		}
		got = read_sampled(stream, fmt, buf, marker, ts, lat);
		if (got < 0)
			goto out;
		if (!got) {
			lat->missing++;
			continue;
		}
		lat->ioctl_ns[lat->n] = t1 - t0;
		lat->total_ns[lat->n] = now_ns() - t0;
		lat->n++;
	}
	ret = 0;
out:
	free(buf);
	return ret;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* min, median, p99 (nearest rank) and max of @n sorted values, in us */
static void print_quantiles(const char *name, uint64_t *v, uint64_t n)
{
	uint64_t p99 = (99 * n + 99) / 100;

	qsort(v, n, sizeof(*v), cmp_u64);
	printf("%-20s %10.1f %10.1f %10.1f %10.1f\n", name, v[0] / 1e3,
	       (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2) / 1e3,
	       v[p99 - 1] / 1e3, v[n - 1] / 1e3);
}

static int print_latency(const struct latency *lat, uint64_t asked)
{
	printf("samples              %" PRIu64 " of %" PRIu64
	       " (timed out %" PRIu64 ", never read %" PRIu64
	       ", not readable at once %" PRIu64 ", timestamp mismatches %"
	       PRIu64 ", other reports %" PRIu64 ")\n", lat->n, asked,
	       lat->timeouts, lat->missing, lat->late, lat->mismatched,
	       lat->other);
	if (!lat->n) {
		fprintf(stderr, PROG ": no sampled report was read\n");
		return -1;
	}
	printf("\n%-20s %10s %10s %10s %10s\n", "latency (us)", "min",
	       "median", "p99", "max");
	print_quantiles("ioctl", lat->ioctl_ns, lat->n);
	print_quantiles("ioctl + read", lat->total_ns, lat->n);
	return lat->timeouts || lat->missing || lat->mismatched ? -1 : 0;
}

static int pick_metrics_set(const struct intel_oa_device *dev,
			    uint64_t *id, int64_t *added)
{
	char uuid[40];
	unsigned int i;
	int64_t ret;

	*added = 0;
	if (intel_oa_metrics_first_id(dev, id) == 0)
		return 0;

	for (i = 0; i < sizeof(fallback_regs) / sizeof(fallback_regs[0]); i++)
		if (dev->gen->ver >= fallback_regs[i].min_ver)
			break;
	/* a uuid of our own per process, so parallel runs do not collide */
	snprintf(uuid, sizeof(uuid), "%08x-6f61-4000-8000-737461740000",
		 (unsigned int)getpid());
	if (fallback_regs[i].is_mux)
		ret = intel_oa_add_config(dev, uuid, &fallback_regs[i].reg, 1,
					  NULL, 0, NULL, 0);
	else
		ret = intel_oa_add_config(dev, uuid, NULL, 0,
					  &fallback_regs[i].reg, 1, NULL, 0);
	if (ret < 0) {
		fprintf(stderr,
			PROG ": no metrics set in sysfs and adding one failed: %s%s\n",
			strerror((int)-ret),
			ret == -EACCES ?
			" (run as root or set dev.i915.perf_stream_paranoid=0)" :
			"; pass --metrics-set ID");
		return -1;
	}
	*id = (uint64_t)ret;
	*added = ret;
	return 0;
}

int main(int argc, char **argv)
{
	struct intel_oa_stream_opts so;
	struct intel_oa_device dev;
	struct intel_oa_format fmt;
	const struct intel_oa_layout *layout;
	struct sigaction sa;
	struct stats st;
	char label[64];
	int64_t added = 0;
	uint64_t irqs0 = 0, irqs = 0;
	char irq_key[48];
	struct options o;
	int ret, stream, status = 1;
	bool oam;

	if (parse_args(argc, argv, &o))
		return 1;

	layout = o.format ? intel_oa_layout_by_name(o.format) : NULL;
	if (o.format && !layout) {
		uint64_t id;

		/* the uAPI number, as --list-formats prints it */
		if (!parse_u64(o.format, &id) && id < 64)
			layout = intel_oa_layout_by_id((unsigned int)id);
	}
	if (o.format && !layout) {
		fprintf(stderr,
			PROG ": unknown format '%s'; '" PROG
			" --list-formats' shows the names\n", o.format);
		return 1;
	}

	ret = intel_oa_device_open(&dev, o.device);
	if (ret == -ENODEV || ret == -ENOENT) {
		if (o.device)
			fprintf(stderr,
				PROG ": %s is not an i915-compatible DRM device: is intel_oa.ko loaded and is this its node?\n",
				o.device);
		else
			fprintf(stderr,
				PROG ": no i915-compatible DRM device found: is intel_oa.ko loaded?\n");
		return 1;
	}
	if (ret == -EACCES) {
		fprintf(stderr, PROG ": cannot open %s: permission denied; run as root or join the render group\n",
			o.device ? o.device : "the DRM device");
		return 1;
	}
	if (ret) {
		fprintf(stderr, PROG ": querying %s failed: %s\n",
			o.device ? o.device : "the DRM device",
			strerror(-ret));
		return 1;
	}
	if (!dev.gen) {
		fprintf(stderr,
			PROG ": device id 0x%04x on %s is not in the OA generation table of libintel_oa; add it to tools/lib/platforms.c (one device) or tools/lib/formats.c (a family)\n",
			dev.devid, dev.path);
		goto close_dev;
	}
	if (!layout && (o.engine_class == I915_ENGINE_CLASS_VIDEO ||
			o.engine_class == I915_ENGINE_CLASS_VIDEO_ENHANCE))
		layout = first_oam_layout(dev.gen);
	if (!layout) {
		unsigned int id = intel_oa_gen_default_format(dev.gen);

		layout = intel_oa_layout_by_id(id);
		if (!layout) {
			fprintf(stderr,
				PROG ": %s hardware has no OA report format this tool can read\n",
				dev.gen->name);
			goto close_dev;
		}
	}
	/* the format's unit is the stream's: the driver refuses any other */
	oam = !strcmp(layout->unit, "OAM");
	ret = intel_oa_format_init(&fmt, layout->id, dev.gen);
	if (ret) {
		fprintf(stderr,
			PROG ": format %s is not available on %s (device id 0x%04x, %s): the driver would refuse it\n",
			layout->name,
			platform_label(&dev, "this device", label,
				       sizeof(label)),
			dev.devid, dev.gen->name);
		print_supported(dev.gen);
		goto close_dev;
	}
	if (!intel_oa_gen_stream_supports(dev.gen, layout->id)) {
		fprintf(stderr,
			PROG ": format %s is written by the %s unit: the library decodes it, but a %s stream cannot carry it\n",
			layout->name, layout->unit, dev.gen->name);
		print_supported(dev.gen);
		goto close_dev;
	}

	if (o.exponent >= 0 &&
	    (unsigned int)o.exponent < dev.gen->min_exponent) {
		fprintf(stderr,
			PROG ": exponent %d is too small for %s (%s): its shortest timer period is exponent %u (%" PRIu64 " ns); use --exponent %u..31\n",
			o.exponent,
			platform_label(&dev, "this device", label,
				       sizeof(label)),
			dev.gen->name, dev.gen->min_exponent,
			intel_oa_exponent_period_ns(dev.gen->min_exponent,
						    dev.ts_freq),
			dev.gen->min_exponent);
		goto close_dev;
	}
	if (o.exponent < 0 && (!o.sample_latency || o.timer_given)) {
		o.exponent = intel_oa_gen_exponent_for_period(dev.gen,
							      o.period_ns,
							      dev.ts_freq);
		if (o.exponent < 0) {
			fprintf(stderr,
				PROG ": no timer exponent reaches a %" PRIu64 " ns period at %" PRIu64 " Hz; use a shorter --period\n",
				o.period_ns, dev.ts_freq);
			goto close_dev;
		}
	}

	so.metrics_set = o.metrics_set;
	if (!so.metrics_set && pick_metrics_set(&dev, &so.metrics_set, &added))
		goto close_dev;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	if (o.timer && (o.mmap || o.use_read || o.oa_buffer_size ||
			o.ring_size || o.wait_reports)) {
		fprintf(stderr,
			PROG ": --timer opens an i915 stream, which has no ring and no half-full interrupt: drop --mmap, --read, --oa-buffer, --ring and --wait-reports\n");
		goto close_dev;
	}
	if (o.mmap && o.use_read) {
		fprintf(stderr, PROG ": --mmap and --read exclude each other\n");
		goto close_dev;
	}
	/*
	 * By default a ring stream: the half-full interrupt drains, readers
	 * wake once per 50 ms of reports and consume through mmap().
	 */
	if (!o.timer && !o.sample_latency) {
		uint64_t period = intel_oa_exponent_period_ns((unsigned int)o.exponent,
							      dev.ts_freq);
		uint64_t holds = cli_ring_holds(o.ring_size, layout->size);

		o.mmap = !o.use_read;
		if (!o.wait_reports) {
			o.wait_reports = cli_wake_reports(period, o.ring_size,
							  layout->size);
		} else if (o.wait_reports > holds) {
			/* the driver's EINVAL, said here with its reason */
			fprintf(stderr,
				PROG ": --wait-reports %" PRIu64 ": the %" PRIu64 " KiB ring holds only %" PRIu64 " reports of %u bytes (with their headers); wait for fewer or give a larger --ring\n",
				o.wait_reports,
				(o.ring_size ? o.ring_size : CLI_DEFAULT_RING_SIZE) >> 10,
				holds, layout->size);
			goto close_dev;
		}
	}

	so.format = layout->id;
	so.exponent = o.exponent;
	so.poll_period_ns = o.poll_period_ns;
	so.oa_buffer_size = o.oa_buffer_size;
	so.ring_size = o.ring_size;
	so.wait_num_reports = o.wait_reports;
	so.lost_records = false;
	/* the latency mode reads without blocking, as the contract promises */
	so.nonblock = o.sample_latency != 0;
	/*
	 * Sampling opens the stream disabled and enables it when its clock
	 * starts, so the reports due and the reports counted cover the same
	 * time; the latency mode samples on demand from an enabled stream.
	 */
	so.disabled = !o.sample_latency;
	stream = intel_oa_stream_open_engine(&dev, &so, o.engine_class,
					     o.engine_instance);
	if (stream == -EINVAL) {
		char why[256];

		cli_einval_reason(&dev, &so, o.engine_class, o.engine_instance,
				  why, sizeof(why));
		fprintf(stderr,
			PROG ": opening the OA stream failed: %s: the driver refuses %s\n",
			strerror(EINVAL), why);
		goto remove_config;
	}
	if (stream < 0) {
		fprintf(stderr, PROG ": opening the OA stream failed: %s%s\n",
			strerror(-stream),
			stream == -EACCES ?
			" (run as root or set dev.i915.perf_stream_paranoid=0)" :
			stream == -EBUSY ?
			" (another stream is open on this OA unit; a unit has one at a time)" :
			"");
		goto remove_config;
	}

	printf("device               %s (%s, id 0x%04x, %s, %s), timestamp %" PRIu64 " Hz (%s), CS clock %" PRIu64 " Hz, perf revision %d\n",
	       dev.path, dev.driver, dev.devid,
	       platform_label(&dev, "unlisted platform", label, sizeof(label)),
	       dev.gen->name, dev.ts_freq, dev.ts_freq_source,
	       dev.cs_ts_freq, dev.perf_revision);
	if (o.sample_latency) {
		struct latency lat;

		printf("stream               format %s (%u bytes%s), metrics set %" PRIu64 "%s, %s\n",
		       fmt.layout->name, fmt.layout->size,
		       o.format ? "" : ", default", so.metrics_set,
		       added ? " (added)" : "",
		       o.exponent < 0 ? "no timer" : "timer on");
		memset(&lat, 0, sizeof(lat));
		ret = sample_latency(stream, &fmt, o.sample_latency, &lat);
		close(stream);
		if (!ret && !print_latency(&lat, o.sample_latency))
			status = 0;
		free(lat.ioctl_ns);
		free(lat.total_ns);
		goto remove_config;
	}
	printf("stream               format %s (%u bytes%s), metrics set %" PRIu64 "%s, exponent %d (period %" PRIu64 " ns), duration %.3f s\n",
	       fmt.layout->name, fmt.layout->size, o.format ? "" : ", default",
	       so.metrics_set,
	       added ? " (added)" : "", o.exponent,
	       intel_oa_exponent_period_ns((unsigned int)o.exponent,
					   dev.ts_freq), o.duration_s);

	if (o.engine_class >= 0)
		printf("engine               %s:%d, the %s unit\n",
		       engine_class_name(o.engine_class, label, sizeof(label)),
		       o.engine_instance, layout->unit);
	if (o.timer || o.sample_latency)
		printf("drain                the driver's hrtimer (i915 stream: every %" PRIu64 " ns), read()\n",
		       o.poll_period_ns ? o.poll_period_ns : (uint64_t)5000000);
	else if (oam)
		printf("drain                the driver's hrtimer (ring stream on OAM, whose half-full event no interrupt carries: every %" PRIu64 " ns; readers woken per %" PRIu64 " reports), %s\n",
		       o.poll_period_ns ? o.poll_period_ns : (uint64_t)5000000,
		       o.wait_reports, o.mmap ? "mmap()" : "read()");
	else
		printf("drain                half-full interrupt (ring stream, readers woken per %" PRIu64 " reports), %s\n",
		       o.wait_reports, o.mmap ? "mmap()" : "read()");
	/* debugfs prints the render GT's unit's counters bare, others prefixed */
	snprintf(irq_key, sizeof(irq_key), "%sstream_interrupts",
		 oam ? "OAM." : "");
	if (debugfs_stat(&dev, irq_key, &irqs0))
		irqs0 = UINT64_MAX;

	memset(&st, 0, sizeof(st));
	st.discard = o.discard;
	st.wait_reports = o.wait_reports;
	/* the timer fires every 2^(exponent + 1) timestamp ticks */
	intel_oa_stats_init(&st.s, &fmt, 2ull << o.exponent, o.periods);
	ret = sample(stream, &fmt, o.duration_s, o.dump, o.mmap, &st);
	close(stream);
	if (ret) {
		intel_oa_stats_fini(&st.s);
		goto remove_config;
	}

	st.half_full_irqs = -1;
	if (irqs0 != UINT64_MAX && !debugfs_stat(&dev, irq_key, &irqs))
		st.half_full_irqs = (int64_t)(irqs - irqs0);
	print_results(&dev, &st, (unsigned int)o.exponent);
	if (!st.samples)
		fprintf(stderr,
			PROG ": no reports arrived in %.3f s: is the OA unit running (check dmesg)?\n",
			o.duration_s);
	else
		status = 0;
	intel_oa_stats_fini(&st.s);

remove_config:
	if (added) {
		ret = intel_oa_remove_config(&dev, (uint64_t)added);
		if (ret) {
			fprintf(stderr,
				PROG ": removing metrics set %" PRId64 " failed: %s\n",
				added, strerror(-ret));
			status = 1;
		}
	}
close_dev:
	intel_oa_device_close(&dev);
	return status;
}
