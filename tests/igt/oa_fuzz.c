// SPDX-License-Identifier: MIT
/*
 * oa_fuzz: a seeded, bounded syscall fuzzer for the intel_oa uAPI.
 *
 * A run is a number of sequences. Sequence n draws every decision from its
 * own generator, seeded from (seed, n), so a run replays exactly from its
 * seed and any one sequence replays alone (--first n --sequences 1). Each
 * sequence starts from no stream and no config. One in 64 opens a real
 * stream and then runs 16-48 operations, mostly on it; the others run
 * 1-16 operations in which every open is poisoned (an invalid property id,
 * an exponent above 31 or an unknown flag, placed anywhere) and must fail
 * with EINVAL, because opening a stream (a 16 MiB buffer mapped through
 * 4096 GGTT entries) costs about 0.1 s under TCG. The operations:
 *
 *   - DRM_IOCTL_I915_PERF_OPEN with random property lists (valid, mutated
 *     and random ids and values, absurd counts), random flags and good,
 *     NULL, unmapped and page-straddling pointers;
 *   - ADD_CONFIG with random register lists (whitelisted, near-whitelisted
 *     and random addresses), counts and pointers; REMOVE_CONFIG of added,
 *     random and bad ids;
 *   - on stream fds: read (random sizes, from 0 to below one record, bad
 *     buffers; one in five blocking, ended by a 10 ms timer), poll, ENABLE,
 *     DISABLE, CONFIG, SAMPLE and random ioctl numbers, close, in random
 *     order;
 *   - the same from a forked child on inherited fds, from a second thread
 *     concurrently, and from an unprivileged child;
 *   - every --unbind-every sequences, a PCI unbind and rebind of the
 *     device with random fds still open, then operations on those fds.
 *
 * What is a report (a bug): a return value or errno outside what the uAPI
 * documents for the call (i915's errnos); a read() returning more than
 * asked or records that do not tile the bytes returned, with an unknown
 * type or a sample of the wrong size; an ADD_CONFIG accepted with a
 * register outside the generation's whitelist (tests/igt/lib/oa_hw.c); a
 * sequence not finished within 30 s, even with a syscall that never
 * returns to take a signal (a watchdog thread takes SIGALRM, see "hang
 * detector"). Kernel splats are found by the debug
 * kernel's log check (scripts/vm-run --kernel debug). Each report prints
 * the seed and sequence that replay it.
 *
 * Modes:
 *   oa_fuzz --list-subtests | --run-subtest slice
 *       IGT-style; the slice runs $OA_FUZZ_SEQUENCES (default 2000)
 *       sequences from $OA_FUZZ_SEED (default 1)
 *   oa_fuzz --seed S [--sequences N] [--first K] [--unbind-every U]
 *       standalone (scripts/fuzz): prints the seed, progress and a summary;
 *       exit 0 only without reports
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <xf86drm.h>

#include "igt_core.h"
#include "oa_hw.h"
#include "oa_test.h"

#define MAX_STREAMS	4
#define MAX_CONFIGS	8
#define MAX_OBJECTS	8
#define MAX_REGS	96
#define SEQ_TIMEOUT_S	30
#define NOBODY		65534

struct rng {
	uint64_t s;
};

/* splitmix64: a full-period generator with good mixing of nearby seeds. */
static uint64_t rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint32_t rng_below(struct rng *r, uint32_t n)
{
	return n ? (uint32_t)(rng_next(r) % n) : 0;
}

static bool rng_chance(struct rng *r, unsigned int percent)
{
	return rng_below(r, 100) < percent;
}

struct stream {
	int fd;
	size_t sample_size;	/* expected SAMPLE record size, 0 if unknown */
	bool tail_written;	/* data_tail was set to nonsense: records too */
};

struct fuzz {
	struct oa_dev dev;
	uint64_t seed;
	uint64_t seq;		/* current sequence */
	struct rng r;
	struct stream streams[MAX_STREAMS];
	unsigned int n_streams;
	uint64_t configs[MAX_CONFIGS];
	unsigned int n_configs;
	uint32_t objects[MAX_OBJECTS];	/* live GEM handles */
	uint64_t object_size[MAX_OBJECTS];
	unsigned int n_objects;
	uint32_t contexts[MAX_OBJECTS];	/* live GEM contexts */
	unsigned int n_contexts;
	uint8_t *page;		/* SCRATCH_BYTES, then the PROT_NONE guard page */
	uint64_t syscalls, reports, opened, added, gem_created;
	bool in_child;		/* a forked child: the parent may hold a stream */
	bool read_timer_ok;	/* SIGUSR1 ends timed_read() */
	bool unprivileged;	/* a child that dropped root */
};

static struct fuzz fz;

static void child_takes_alarm(void);

/*
 * Room for the largest buffer a pointer placed across the guard page can
 * cover (half of op_stream()'s 64 KiB below it). With only one page
 * there, a 64 KiB read() placed 32 KiB below the guard wrote over
 * whatever was mapped below: once the virtual GPU's control page, whose
 * spurious-irqs register then got a count of 2.7 billion.
 */
#define SCRATCH_BYTES (65536 + 4096)

static void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void report(const char *fmt, ...)
{
	va_list ap;

	fz.reports++;
	printf("oa_fuzz: REPORT seed %" PRIu64 " sequence %" PRIu64 ": ", fz.seed, fz.seq);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(" (replay: oa_fuzz --seed %" PRIu64 " --first %" PRIu64 " --sequences 1)\n",
	       fz.seed, fz.seq);
	fflush(stdout);
}

/* Is @err one of the errnos of @allowed (0-terminated)? */
static bool errno_in(int err, const int *allowed)
{
	for (; *allowed; allowed++)
		if (err == *allowed)
			return true;
	return false;
}

static const int open_errnos[] = {
	EINVAL, EACCES, ENOENT, EFAULT, EBUSY, ENODEV, EIO, ENOMEM, E2BIG, 0
};
static const int add_errnos[] = {
	EINVAL, EFAULT, EADDRINUSE, EACCES, ENOMEM, ENOSPC, ENODEV, EIO, 0
};
static const int remove_errnos[] = { ENOENT, EFAULT, EACCES, EINVAL, ENODEV, EIO, 0 };
static const int read_errnos[] = { EAGAIN, EIO, ENOSPC, EFAULT, EINVAL, ENODEV, EINTR, 0 };
static const int stream_ioctl_errnos[] = {
	EINVAL, ENOTTY, EBUSY, ENOENT, EFAULT, EIO, ENODEV, ETIMEDOUT, EAGAIN, EACCES,
	EINTR, ENOMEM, 0
};

static const int gem_errnos[] = {
	EINVAL, ENOENT, EFAULT, ENOMEM, ENODEV, EOPNOTSUPP, E2BIG, EAGAIN, ETIME,
	EINTR, EACCES, ENOSPC, EEXIST, EPERM, 0
};

/* ioctl() on the DRM fd, counting, returning the result or -errno. */
static int drm_call(int fd, unsigned long req, void *arg)
{
	int ret;

	fz.syscalls++;
	ret = ioctl(fd, req, arg);
	return ret < 0 ? -errno : ret;
}

static void check_errno(const char *what, int ret, const int *allowed)
{
	if (ret < 0 && !errno_in(-ret, allowed))
		report("%s failed with %s (%d), not an errno the uAPI documents for it",
		       what, strerror(-ret), -ret);
}

/*
 * A pointer argument: mostly good, sometimes NULL, unmapped, or placed so
 * that @len bytes run into the PROT_NONE page.
 */
static uint64_t pick_ptr(struct rng *r, void *good, size_t len)
{
	switch (rng_below(r, 12)) {
	case 0:
		return 0;
	case 1:
		return 0x1000;	/* never mapped */
	case 2:
		return (uint64_t)(uintptr_t)(fz.page + SCRATCH_BYTES - (len > 1 ? len / 2 : 1));
	case 3:
		return (uint64_t)(uintptr_t)(fz.page + SCRATCH_BYTES);
	case 4:
		return rng_next(r);
	default:
		return (uint64_t)(uintptr_t)good;
	}
}

static uint64_t pick_prop_value(struct rng *r, uint64_t id)
{
	const struct oa_platform *p = fz.dev.plat;
	const struct oa_format *f;

	if (rng_chance(r, 10))
		return rng_next(r);
	switch (id) {
	case DRM_I915_PERF_PROP_SAMPLE_OA:
		return rng_below(r, 3);
	case DRM_I915_PERF_PROP_OA_METRICS_SET:
		if (fz.n_configs && rng_chance(r, 50))
			return fz.configs[rng_below(r, fz.n_configs)];
		return rng_chance(r, 60) ? fz.dev.metrics_set : rng_below(r, 8);
	case DRM_I915_PERF_PROP_OA_FORMAT:
		f = oa_platform_format(p, rng_below(r, 4));
		return f && rng_chance(r, 80) ? f->uapi_id : rng_below(r, 64);
	case DRM_I915_PERF_PROP_OA_EXPONENT:
		return rng_chance(r, 70) ? 12 + rng_below(r, 20) : rng_below(r, 64);
	case DRM_I915_PERF_PROP_POLL_OA_PERIOD:
		return rng_chance(r, 50) ? 100000 + rng_below(r, 100000000) : rng_below(r, 200000);
	case DRM_I915_PERF_PROP_GLOBAL_SSEU:
		return pick_ptr(r, fz.page, 64);
	case INTEL_OA_PERF_PROP_OA_BUFFER_SIZE:
		return rng_chance(r, 70) ? (uint64_t)oa_platform_buffer_min(p) << rng_below(r, 3) :
					   1ull << rng_below(r, 40);
	case INTEL_OA_PERF_PROP_RING_SIZE:
		return rng_chance(r, 70) ? (128ull << 10) << rng_below(r, 3) :
					   1ull << rng_below(r, 40);
	case INTEL_OA_PERF_PROP_WAIT_NUM_REPORTS:
		return rng_below(r, 1000);
	default:
		return rng_below(r, 4);
	}
}

/*
 * Poisons that make an open invalid whatever else it holds (i915's
 * read_properties_unlocked() and i915_perf_open_ioctl()): each must fail
 * with EINVAL.
 */
enum poison { P_NONE, P_PROP_ZERO, P_PROP_MAX, P_EXPONENT, P_FLAGS, N_POISONS };

#define N_INTEL_OA_PROPS (INTEL_OA_PERF_PROP_MAX - INTEL_OA_PERF_PROP_OA_BUFFER_SIZE)

/* An id neither i915's nor intel_oa's (enum intel_oa_perf_property_id). */
static uint64_t unknown_prop_id(struct rng *r)
{
	return rng_chance(r, 50) ?
	       DRM_I915_PERF_PROP_MAX + rng_below(r, INTEL_OA_PERF_PROP_OA_BUFFER_SIZE -
						      DRM_I915_PERF_PROP_MAX) :
	       INTEL_OA_PERF_PROP_MAX + rng_below(r, 1000);
}

static const char *const poison_name[N_POISONS] = {
	[P_PROP_ZERO] = "property id 0", [P_PROP_MAX] = "an unknown property id",
	[P_EXPONENT] = "an OA exponent above 31", [P_FLAGS] = "an unknown flag",
};

/*
 * Streams are costly to open under TCG (a 16 MiB buffer, 4096 GGTT
 * entries), so only stream sequences (@valid) may open one; elsewhere every
 * open carries a poison and must fail.
 */
static void op_open_kind(struct rng *r, bool valid)
{
	uint64_t props[2 * 15];
	struct drm_i915_perf_open_param param = { 0 };
	const struct oa_format *f = NULL;
	unsigned int n, i;
	int ret;

	enum poison poison = valid ? P_NONE : 1 + rng_below(r, N_POISONS - 1);
	bool side_errnos = false, side_eacces = false;

	/*
	 * Usually a plausible stream: sample, set, format, exponent; mostly
	 * with small OA buffers and rings, which are cheap to set up.
	 */
	n = 0;
	if (valid || rng_chance(r, 70)) {
		f = oa_platform_format(fz.dev.plat, rng_below(r, 3));
		props[2 * n] = DRM_I915_PERF_PROP_SAMPLE_OA;
		props[2 * n++ + 1] = 1;
		props[2 * n] = DRM_I915_PERF_PROP_OA_METRICS_SET;
		props[2 * n++ + 1] = fz.dev.metrics_set;
		props[2 * n] = DRM_I915_PERF_PROP_OA_FORMAT;
		props[2 * n++ + 1] = f ? f->uapi_id : 0;
		props[2 * n] = DRM_I915_PERF_PROP_OA_EXPONENT;
		props[2 * n++ + 1] = 14 + rng_below(r, 12);
		if (rng_chance(r, 80)) {
			props[2 * n] = INTEL_OA_PERF_PROP_OA_BUFFER_SIZE;
			props[2 * n++ + 1] = oa_platform_buffer_min(fz.dev.plat);
			props[2 * n] = INTEL_OA_PERF_PROP_RING_SIZE;
			props[2 * n++ + 1] = 128u << 10;
		}
		if (rng_chance(r, 20)) {
			props[2 * n] = INTEL_OA_PERF_PROP_LOST_RECORDS;
			props[2 * n++ + 1] = 1;
		}
	}
	/* Then random additions and mutations. */
	for (i = valid ? 0 : rng_below(r, 6); i-- && n < 13; n++) {
		uint64_t id = rng_chance(r, 90) ? 1 + rng_below(r, DRM_I915_PERF_PROP_MAX) :
			      rng_chance(r, 50) ? INTEL_OA_PERF_PROP_OA_BUFFER_SIZE +
						  rng_below(r, N_INTEL_OA_PROPS) : rng_next(r);

		props[2 * n] = id;
		props[2 * n + 1] = pick_prop_value(r, id);
		if (id == DRM_I915_PERF_PROP_OA_FORMAT)
			f = NULL;	/* which one wins is not ours to know */
	}
	if (!valid && n && rng_chance(r, 20)) {
		i = rng_below(r, n);
		props[2 * i + 1] = pick_prop_value(r, props[2 * i]);
		f = NULL;
	}

	param.flags = valid || rng_chance(r, 80) ?
		      (rng_below(r, 8) | I915_PERF_FLAG_FD_NONBLOCK) : (uint32_t)rng_next(r);
	if (poison == P_FLAGS)
		param.flags |= 1u << (3 + rng_below(r, 29));
	if (poison == P_PROP_ZERO || poison == P_PROP_MAX || poison == P_EXPONENT) {
		/* anywhere in the list: every property is validated */
		i = rng_below(r, n + 1);
		memmove(&props[2 * i + 2], &props[2 * i], sizeof(uint64_t) * 2 * (n - i));
		props[2 * i] = poison == P_PROP_ZERO ? 0 :
			       poison == P_PROP_MAX ? unknown_prop_id(r) :
			       DRM_I915_PERF_PROP_OA_EXPONENT;
		props[2 * i + 1] = poison == P_EXPONENT ? 32 + rng_below(r, 1000) : 1;
		n++;
	}
	param.num_properties = n;
	param.properties_ptr = (uint64_t)(uintptr_t)props;
	if (!valid && !poison) {
		if (rng_chance(r, 5))
			param.num_properties = rng_chance(r, 50) ? (uint32_t)rng_next(r) : n + 1;
		param.properties_ptr = pick_ptr(r, props, sizeof(uint64_t) * 2 * n);
	}

	/*
	 * Properties are read in order and the first bad one decides: an
	 * unknown GEM context (ENOENT), an SSEU pointer (EFAULT) or SSEU on
	 * Gen12.5, which i915 refuses before reading it (ENODEV), before the
	 * poison may answer first.
	 */
	for (i = 0; i < n; i++) {
		if (props[2 * i] == DRM_I915_PERF_PROP_CTX_HANDLE ||
		    props[2 * i] == DRM_I915_PERF_PROP_GLOBAL_SSEU)
			side_errnos = true;
		/* i915: a rate above oa_max_sample_rate needs privileges */
		if (fz.unprivileged && props[2 * i] == DRM_I915_PERF_PROP_OA_EXPONENT &&
		    props[2 * i + 1] < 32)
			side_eacces = true;
		/* a ring above i915's 16 MiB too (seed 2302969838, 603804) */
		if (fz.unprivileged && props[2 * i] == INTEL_OA_PERF_PROP_RING_SIZE &&
		    props[2 * i + 1] > (16u << 20))
			side_eacces = true;
	}

	ret = drm_call(fz.dev.drm_fd, DRM_IOCTL_I915_PERF_OPEN, &param);
	if (poison && ret != -EINVAL &&
	    !(side_errnos && (ret == -ENOENT || ret == -EFAULT || ret == -ENODEV)) &&
	    !(side_eacces && ret == -EACCES)) {
		report("PERF_OPEN with %s returned %s, expected EINVAL", poison_name[poison],
		       ret >= 0 ? "a stream" : strerror(-ret));
		if (ret >= 0)
			close(ret);
		return;
	}
	if (ret < 0 && valid && !fz.in_child) {
		report("PERF_OPEN of a valid stream (format %u, flags %#x) on an idle device failed: %s",
		       f ? f->uapi_id : 0, param.flags, strerror(-ret));
		return;
	}
	if (ret < 0) {
		check_errno("PERF_OPEN", ret, open_errnos);
		return;
	}
	fz.opened++;
	if (fz.n_streams == MAX_STREAMS) {
		report("PERF_OPEN returned a %u-th stream fd while %u are open (streams are exclusive)",
		       fz.n_streams + 1, fz.n_streams);
		close(ret);
		return;
	}
	/* Never block this process: readers poll. */
	fcntl(ret, F_SETFL, O_NONBLOCK);
	fz.streams[fz.n_streams].fd = ret;
	fz.streams[fz.n_streams].sample_size = f ? f->size + OA_RECORD_HEADER_BYTES : 0;
	fz.streams[fz.n_streams].tail_written = false;
	fz.n_streams++;
}

static void op_open(struct rng *r)
{
	op_open_kind(r, false);
}

static void random_uuid(struct rng *r, char *uuid)
{
	static const char hex[] = "0123456789abcdef";
	unsigned int i;

	for (i = 0; i < 36; i++)
		uuid[i] = (i == 8 || i == 13 || i == 18 || i == 23) ? '-' : hex[rng_below(r, 16)];
	if (rng_chance(r, 5))
		uuid[rng_below(r, 36)] = (char)rng_below(r, 256);
}

/* An address for register list @k: usually whitelisted, else near or random. */
static uint32_t pick_reg(struct rng *r, const struct oa_range *list)
{
	unsigned int n = 0;
	const struct oa_range *rg;

	while (list[n].lo)
		n++;
	if (!n || rng_chance(r, 25))
		return rng_chance(r, 50) ? (uint32_t)rng_next(r) & ~3u : rng_below(r, 0x40000) & ~3u;
	rg = &list[rng_below(r, n)];
	if (rng_chance(r, 10))
		return rng_chance(r, 50) ? rg->lo - 4 : rg->hi + 4;
	return rg->lo + 4 * rng_below(r, (rg->hi - rg->lo) / 4 + 1);
}

static bool regs_whitelisted(const uint32_t *regs, uint32_t n, const struct oa_range *list)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (!oa_range_contains(list, regs[2 * i]))
			return false;
	return true;
}

static void op_add_config(struct rng *r)
{
	static uint32_t regs[3][2 * MAX_REGS];
	const struct oa_whitelist *wl = fz.dev.plat->wl;
	const struct oa_range *lists[3] = { wl->mux, wl->boolean, wl->flex };
	struct drm_i915_perf_oa_config c;
	uint32_t *counts[3] = { &c.n_mux_regs, &c.n_boolean_regs, &c.n_flex_regs };
	__u64 *ptrs[3] = { &c.mux_regs_ptr, &c.boolean_regs_ptr, &c.flex_regs_ptr };
	bool good_ptrs = true;
	unsigned int k, i;
	int ret;

	memset(&c, 0, sizeof(c));
	random_uuid(r, c.uuid);
	for (k = 0; k < 3; k++) {
		uint32_t n = rng_chance(r, 40) ? 0 : rng_below(r, rng_chance(r, 10) ? MAX_REGS : 8);

		for (i = 0; i < n; i++) {
			regs[k][2 * i] = pick_reg(r, lists[k]);
			regs[k][2 * i + 1] = rng_chance(r, 70) ? 0 : (uint32_t)rng_next(r);
		}
		*counts[k] = n;
		if (rng_chance(r, 3))
			*counts[k] = rng_chance(r, 50) ? (uint32_t)rng_next(r) : n + 1;
		*ptrs[k] = pick_ptr(r, regs[k], 8 * n);
		if (*ptrs[k] != (uint64_t)(uintptr_t)regs[k] || *counts[k] != n)
			good_ptrs = false;
	}
	ret = drm_call(fz.dev.drm_fd, DRM_IOCTL_I915_PERF_ADD_CONFIG,
		       rng_chance(r, 3) ? (void *)(uintptr_t)0x1000 : (void *)&c);
	if (ret < 0) {
		check_errno("ADD_CONFIG", ret, add_errnos);
		return;
	}
	fz.added++;
	if (good_ptrs) {
		for (k = 0; k < 3; k++)
			if (!regs_whitelisted(regs[k], *counts[k], lists[k]))
				report("ADD_CONFIG accepted a %s register outside the %s whitelist",
				       k == 0 ? "mux" : k == 1 ? "boolean" : "flex", fz.dev.plat->name);
	}
	if (fz.n_configs < MAX_CONFIGS)
		fz.configs[fz.n_configs++] = (uint64_t)ret;
	else
		drm_call(fz.dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &(uint64_t){ (uint64_t)ret });
}

static void op_remove_config(struct rng *r)
{
	uint64_t id;
	int ret;

	if (fz.n_configs && rng_chance(r, 70)) {
		unsigned int i = rng_below(r, fz.n_configs);

		id = fz.configs[i];
		fz.configs[i] = fz.configs[--fz.n_configs];
	} else {
		id = rng_chance(r, 50) ? rng_below(r, 64) : rng_next(r);
		/* the metric set valid opens use outlives every sequence */
		if (id == fz.dev.metrics_set)
			id = 0;
	}
	ret = drm_call(fz.dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG,
		       rng_chance(r, 5) ? (void *)(uintptr_t)0x1000 : (void *)&id);
	check_errno("REMOVE_CONFIG", ret, remove_errnos);
}

/* Check that @len bytes of records are well formed. */
static void check_records(const struct stream *s, const uint8_t *buf, ssize_t len, size_t asked)
{
	ssize_t off = 0;

	if ((size_t)len > asked) {
		report("read() returned %zd bytes for a %zu-byte buffer", len, asked);
		return;
	}
	while (off < len) {
		struct drm_i915_perf_record_header h;

		if (len - off < (ssize_t)sizeof(h)) {
			report("read() returned %zd bytes ending in a %zd-byte partial record header",
			       len, len - off);
			return;
		}
		memcpy(&h, buf + off, sizeof(h));
		if (h.size < sizeof(h) || h.size > len - off) {
			report("record at offset %zd has size %u (%zd bytes left)", off, h.size,
			       len - off);
			return;
		}
		switch (h.type) {
		case DRM_I915_PERF_RECORD_SAMPLE:
			if (s->sample_size && h.size != s->sample_size)
				report("SAMPLE record of %u bytes, the format's is %zu", h.size,
				       s->sample_size);
			break;
		case DRM_I915_PERF_RECORD_OA_REPORT_LOST:
		case DRM_I915_PERF_RECORD_OA_BUFFER_LOST:
			if (h.size != sizeof(h))
				report("status record type %u of %u bytes", h.type, h.size);
			break;
		case INTEL_OA_PERF_RECORD_LOST:
			if (h.size != sizeof(struct intel_oa_perf_record_lost))
				report("lost record of %u bytes", h.size);
			break;
		default:
			report("record of unknown type %u", h.type);
			return;
		}
		off += h.size;
	}
}

/*
 * mmap() of the stream: the control page and the ring, with random
 * lengths and protections (the driver refuses what its uAPI says it
 * refuses); a look at the records; sometimes a nonsense data_tail, after
 * which read() of the stream may fail with EIO, never worse.
 */
static void op_mmap(struct rng *r, struct stream *s)
{
	static const size_t lens[] = { 4096, 8192, 128u << 10, 256u << 10, 1u << 20 };
	size_t len = lens[rng_below(r, sizeof(lens) / sizeof(lens[0]))];
	int prot = rng_chance(r, 80) ? PROT_READ : PROT_READ | PROT_WRITE;
	int flags = rng_chance(r, 90) ? MAP_SHARED : MAP_PRIVATE;
	off_t off = rng_chance(r, 45) ? 0 : rng_chance(r, 90) ? 4096 : 4096 * rng_below(r, 64);
	struct intel_oa_mmap_page *ctl;
	volatile uint8_t *p;

	fz.syscalls++;
	p = mmap(NULL, len, prot, flags, s->fd, off);
	if (p == MAP_FAILED) {
		static const int mmap_errnos[] = { EINVAL, EPERM, EACCES, ENOMEM, ENODEV, 0 };

		check_errno("mmap", -errno, mmap_errnos);
		return;
	}
	if (off == 0) {
		ctl = (struct intel_oa_mmap_page *)p;
		if (ctl->version != 1 || ctl->data_offset != 4096)
			report("control page version %u, data_offset %llu", ctl->version,
			       (unsigned long long)ctl->data_offset);
		if ((prot & PROT_WRITE) && rng_chance(r, 30)) {
			ctl->data_tail = rng_chance(r, 50) ? rng_next(r) :
					 ctl->data_head - rng_below(r, 4096);
			s->tail_written = true;
		}
	} else {
		(void)p[rng_below(r, len)];
	}
	munmap((void *)p, len);
}

/*
 * read() under a signal after BLOCKING_READ_MS; with @blocking the stream
 * is made blocking for it (streams are non-blocking otherwise). A read
 * that sleeps must wake for the signal with EINTR. One that spins in the
 * kernel never returns; the watchdog thread reports it (see "hang
 * detector").
 */
#define BLOCKING_READ_MS	10

static void on_read_timer(int sig)
{
	(void)sig;
}

static ssize_t timed_read(int fd, void *dst, size_t len, bool blocking)
{
	struct itimerspec its = { .it_value.tv_nsec = BLOCKING_READ_MS * 1000000L };
	/*
	 * A timer of this thread's own: a process-wide one could be re-armed
	 * or disarmed by the second operating thread, or its signal taken by
	 * that thread, and leave this read() blocked. Every read() has one:
	 * the other thread's blocking read clears O_NONBLOCK of the open
	 * file both share, so this thread's "non-blocking" read may block.
	 */
	struct sigevent sev = {
		.sigev_notify = SIGEV_THREAD_ID,
		.sigev_signo = SIGUSR1,
	};
	int flags = fcntl(fd, F_GETFL);
	timer_t timer;
	ssize_t n;
	int err;

	sev._sigev_un._tid = (pid_t)syscall(SYS_gettid);
	if (flags < 0 || !fz.read_timer_ok ||
	    timer_create(CLOCK_MONOTONIC, &sev, &timer))
		return read(fd, dst, len);
	if (blocking)
		fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	timer_settime(timer, 0, &its, NULL);
	n = read(fd, dst, len);
	err = errno;
	timer_delete(timer);
	if (blocking)
		fcntl(fd, F_SETFL, flags);
	errno = err;
	return n;
}

static void op_stream(struct rng *r, struct stream *s)
{
	static uint8_t buf[65536];
	static const size_t sizes[] = { 0, 1, 8, 64, 264, 4096, sizeof(buf) };
	struct intel_oa_perf_sample sample;
	struct pollfd pfd;
	size_t len;
	void *dst;
	ssize_t n;
	int ret;

	fz.syscalls++;
	switch (rng_below(r, 11)) {
	case 0: case 1: case 2:
		len = rng_chance(r, 20) && s->sample_size ?
		      rng_below(r, s->sample_size) :
		      sizes[rng_below(r, sizeof(sizes) / sizeof(sizes[0]))];
		dst = (void *)(uintptr_t)pick_ptr(r, buf, len);
		n = timed_read(s->fd, dst, len, rng_chance(r, 20));
		if (n < 0)
			check_errno("read", -errno, read_errnos);
		else if (dst == buf && !s->tail_written)
			check_records(s, buf, n, len);
		else if ((size_t)n > len)
			report("read() returned %zd bytes for a %zu-byte buffer", n, len);
		break;
	case 3:
		pfd.fd = s->fd;
		pfd.events = POLLIN;
		/* A read timer's signal may land in poll(): EINTR is fine. */
		if (poll(&pfd, 1, rng_below(r, 3)) < 0 && errno != EINTR)
			report("poll() on a stream failed: %s", strerror(errno));
		break;
	case 4:
		ret = ioctl(s->fd, I915_PERF_IOCTL_ENABLE, 0);
		check_errno("ENABLE", ret < 0 ? -errno : 0, stream_ioctl_errnos);
		break;
	case 5:
		ret = ioctl(s->fd, I915_PERF_IOCTL_DISABLE, 0);
		check_errno("DISABLE", ret < 0 ? -errno : 0, stream_ioctl_errnos);
		break;
	case 6:
		ret = ioctl(s->fd, I915_PERF_IOCTL_CONFIG,
			    fz.n_configs && rng_chance(r, 60) ? fz.configs[rng_below(r, fz.n_configs)] :
								 rng_next(r));
		check_errno("CONFIG", ret < 0 ? -errno : 0, stream_ioctl_errnos);
		break;
	case 7:
		memset(&sample, 0, sizeof(sample));
		if (rng_chance(r, 20))
			memcpy(&sample, &(uint64_t){ rng_next(r) }, sizeof(uint64_t));
		ret = ioctl(s->fd, INTEL_OA_PERF_IOCTL_SAMPLE,
			    (void *)(uintptr_t)pick_ptr(r, &sample, sizeof(sample)));
		check_errno("SAMPLE", ret < 0 ? -errno : 0, stream_ioctl_errnos);
		break;
	case 8:
		ret = ioctl(s->fd, rng_chance(r, 50) ? _IO('i', rng_below(r, 32)) :
						       (unsigned long)(uint32_t)rng_next(r),
			    (void *)(uintptr_t)pick_ptr(r, buf, 64));
		check_errno("a random stream ioctl", ret < 0 ? -errno : 0, stream_ioctl_errnos);
		break;
	case 9:
		op_mmap(r, s);
		break;
	default:
		n = pread(s->fd, buf, 64, 0);
		if (n > 64)
			report("pread() returned %zd bytes for 64", n);
		break;
	}
}

/* A handle: mostly a live object's, else 0, a stale one or noise. */
static uint32_t pick_handle(struct rng *r, unsigned int *slot)
{
	*slot = MAX_OBJECTS;
	if (fz.n_objects && rng_chance(r, 80)) {
		*slot = rng_below(r, fz.n_objects);
		return fz.objects[*slot];
	}
	switch (rng_below(r, 3)) {
	case 0:
		return 0;
	case 1:
		return 1 + rng_below(r, 64);
	default:
		return (uint32_t)rng_next(r);
	}
}

static uint64_t pick_gem_size(struct rng *r)
{
	switch (rng_below(r, 8)) {
	case 0:
		return 0;
	case 1:
		return rng_next(r);
	case 2:
		return 1 + rng_below(r, 4096);
	default:
		return (1 + rng_below(r, 64)) * 4096;
	}
}

static void keep_object(uint32_t handle, uint64_t size)
{
	struct drm_gem_close c = { .handle = handle };

	fz.gem_created++;
	if (fz.n_objects == MAX_OBJECTS) {
		drm_call(fz.dev.drm_fd, DRM_IOCTL_GEM_CLOSE, &c);
		return;
	}
	fz.objects[fz.n_objects] = handle;
	fz.object_size[fz.n_objects++] = size;
}

static void forget_object(unsigned int slot)
{
	fz.objects[slot] = fz.objects[--fz.n_objects];
	fz.object_size[slot] = fz.object_size[fz.n_objects];
}

/* A create_ext extension chain of 1-3 links with random contents. */
static uint64_t pick_create_ext(struct rng *r, uint64_t *ext, size_t words)
{
	struct drm_i915_gem_memory_class_instance *regions = (void *)&ext[24];
	unsigned int links = 1 + rng_below(r, 3), i, w;

	memset(ext, 0, words * 8);
	for (i = 0; i < 4; i++) {
		regions[i].memory_class = rng_below(r, 3);
		regions[i].memory_instance = rng_chance(r, 80) ? 0 : rng_below(r, 4);
	}
	for (i = 0; i < links; i++) {
		/* 8 words per link: i915_user_extension is 4 of them */
		uint64_t *l = &ext[8 * i];
		uint32_t *d = (uint32_t *)l;

		l[0] = i + 1 < links ? (uint64_t)(uintptr_t)&ext[8 * (i + 1)] : 0;
		d[2] = rng_chance(r, 90) ? rng_below(r, 3) : rng_below(r, 100);
		if (rng_chance(r, 10))
			d[3 + rng_below(r, 5)] = 1;	/* flags or rsvd */
		/* memory regions: pad, num_regions, regions; set_pat: index */
		w = rng_below(r, 4);
		d[8] = w == 0 ? 1 : 0;
		d[9] = w == 1 ? rng_below(r, 10) : 1 + rng_below(r, 2);
		l[5] = pick_ptr(r, regions, 4 * d[9]);
		if (d[2] == 2)
			d[8] = rng_below(r, 8);
	}
	return pick_ptr(r, ext, 8 * 8 * links);
}

/* A context id: mostly a live one or the default, else noise. */
static uint32_t pick_context(struct rng *r, unsigned int *slot)
{
	*slot = MAX_OBJECTS;
	if (fz.n_contexts && rng_chance(r, 70)) {
		*slot = rng_below(r, fz.n_contexts);
		return fz.contexts[*slot];
	}
	return rng_chance(r, 60) ? 0 : (uint32_t)rng_below(r, 64);
}

/* A context parameter's size and value: plain, or a pointed-to struct. */
static void pick_ctx_param(struct rng *r, struct drm_i915_gem_context_param *p,
			   uint64_t *buf, size_t words)
{
	uint16_t *engines = (uint16_t *)&buf[1];
	unsigned int i;

	p->param = rng_chance(r, 90) ? rng_below(r, 15) : rng_next(r);
	p->size = 0;
	p->value = rng_chance(r, 50) ? rng_below(r, 3) : rng_next(r);
	if (rng_chance(r, 40)) {
		memset(buf, 0, words * 8);
		buf[0] = 0;
		for (i = 0; i < 2 * 8; i += 2) {
			engines[i] = rng_chance(r, 80) ? rng_below(r, 5) : 0xffff;
			engines[i + 1] = rng_chance(r, 80) ? rng_below(r, 2) : 0xffff;
		}
		if (rng_chance(r, 20))
			buf[rng_below(r, words)] = rng_next(r);
		p->size = rng_chance(r, 80) ? 8 + 4 * rng_below(r, 9) :
					      rng_below(r, 80);
		p->value = pick_ptr(r, buf, p->size);
	}
}

/*
 * One context ioctl: create (flags and a SETPARAM chain), destroy,
 * GETPARAM or SETPARAM with random parameters.
 */
static void op_context(struct rng *r)
{
	int fd = fz.dev.drm_fd, ret = 0;
	uint64_t buf[16];
	unsigned int slot;
	const char *what = "GEM context";

	switch (rng_below(r, 5)) {
	case 4: {
		/* VMs: made and dropped at once (ids are per file). */
		struct drm_i915_gem_vm_control vc = {
			.flags = rng_chance(r, 90) ? 0 : rng_below(r, 4),
		};

		if (rng_chance(r, 10)) {
			memset(buf, 0, sizeof(buf));
			((uint32_t *)buf)[2] = rng_below(r, 3);	/* name */
			vc.extensions = pick_ptr(r, buf, 32);
		}
		what = "GEM_VM_CREATE";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_VM_CREATE, &vc);
		if (ret)
			break;
		if (rng_chance(r, 10))
			vc.flags = 1;
		what = "GEM_VM_DESTROY";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &vc);
		if (ret == -EINVAL) {
			vc.flags = 0;
			ret = drm_call(fd, DRM_IOCTL_I915_GEM_VM_DESTROY, &vc);
		}
		break;
	}
	case 0: {
		struct drm_i915_gem_context_create_ext_setparam sp = {
			.base.name = rng_chance(r, 90) ? 0 : rng_below(r, 4),
		};
		struct drm_i915_gem_context_create_ext c = {
			.flags = rng_chance(r, 80) ? rng_below(r, 4) : rng_next(r),
		};

		pick_ctx_param(r, &sp.param, buf, ARRAY_SIZE(buf));
		if (rng_chance(r, 10))
			sp.param.ctx_id = rng_next(r);
		c.extensions = pick_ptr(r, &sp, sizeof(sp));
		what = "GEM_CONTEXT_CREATE_EXT";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_CONTEXT_CREATE_EXT, &c);
		if (!ret) {
			struct drm_i915_gem_context_destroy d = { .ctx_id = c.ctx_id };

			if (fz.n_contexts < MAX_OBJECTS)
				fz.contexts[fz.n_contexts++] = c.ctx_id;
			else
				drm_call(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d);
		}
		break;
	}
	case 1: {
		struct drm_i915_gem_context_destroy d = {
			.ctx_id = pick_context(r, &slot),
			.pad = rng_chance(r, 95) ? 0 : 1,
		};

		what = "GEM_CONTEXT_DESTROY";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d);
		if (!ret && slot != MAX_OBJECTS)
			fz.contexts[slot] = fz.contexts[--fz.n_contexts];
		break;
	}
	default: {
		struct drm_i915_gem_context_param p = {
			.ctx_id = pick_context(r, &slot),
		};
		bool get = rng_chance(r, 50);

		pick_ctx_param(r, &p, buf, ARRAY_SIZE(buf));
		what = get ? "GEM_CONTEXT_GETPARAM" : "GEM_CONTEXT_SETPARAM";
		ret = drm_call(fd, get ? DRM_IOCTL_I915_GEM_CONTEXT_GETPARAM :
					 DRM_IOCTL_I915_GEM_CONTEXT_SETPARAM, &p);
		break;
	}
	}
	check_errno(what, ret, gem_errnos);
}

/*
 * One GEM object ioctl with random arguments, or an mmap of an object
 * that is written and read back: errnos from gem_errnos only, and what
 * is written is what is read.
 */
/*
 * Write @len bytes to the start of object @h through a CPU mapping
 * (FIXED on discrete parts, WB elsewhere). Returns whether it did.
 */
static bool write_mapped(int fd, uint32_t h, const void *buf, size_t len)
{
	struct drm_i915_gem_mmap_offset m = {
		.handle = h, .flags = I915_MMAP_OFFSET_FIXED,
	};
	void *p;

	if (drm_call(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m)) {
		m.flags = I915_MMAP_OFFSET_WB;
		if (drm_call(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m))
			return false;
	}
	p = mmap(NULL, 4096, PROT_WRITE, MAP_SHARED, fd, m.offset);
	if (p == MAP_FAILED)
		return false;
	memcpy(p, buf, len);
	munmap(p, 4096);
	return true;
}

/*
 * EXECBUFFER2_WR with fuzzed arguments around a fresh batch whose first
 * command is MI_BATCH_BUFFER_END: relocations land past it and the batch
 * start is 0 or invalid, so whatever is accepted runs nothing else (a
 * batch's address space is the GGTT on Gen6/7, its context's PPGTT from
 * Gen8 on).
 */
static void op_execbuf(struct rng *r)
{
	int fd = fz.dev.drm_fd, ret;
	struct drm_i915_gem_relocation_entry rel[4];
	struct drm_i915_gem_exec_object2 o[4];
	struct drm_i915_gem_execbuffer2 eb = {};
	struct drm_i915_gem_create c = { .size = 4096 };
	const uint32_t bbe[2] = { 0x0a << 23, 0 };
	struct drm_i915_gem_pwrite w = {
		.size = sizeof(bbe), .data_ptr = (uintptr_t)bbe,
	};
	struct drm_gem_close cl = {};
	unsigned int n = 1 + rng_below(r, 4), i, slot, bb;
	static const uint64_t flag_bits[] = {
		I915_EXEC_NO_RELOC, I915_EXEC_HANDLE_LUT, I915_EXEC_FENCE_OUT,
		I915_EXEC_BATCH_FIRST, I915_EXEC_SECURE, I915_EXEC_FENCE_IN,
		I915_EXEC_FENCE_ARRAY, I915_EXEC_IS_PINNED, I915_EXEC_GEN7_SOL_RESET,
	};

	if (drm_call(fd, DRM_IOCTL_I915_GEM_CREATE, &c))
		return;
	w.handle = c.handle;
	/* PWRITE is gone from 12.5 on: there the batch is written mapped */
	if (drm_call(fd, DRM_IOCTL_I915_GEM_PWRITE, &w) &&
	    !write_mapped(fd, c.handle, bbe, sizeof(bbe))) {
		cl.handle = c.handle;
		drm_call(fd, DRM_IOCTL_GEM_CLOSE, &cl);
		return;
	}

	memset(o, 0, sizeof(o));
	memset(rel, 0, sizeof(rel));
	eb.flags = rng_chance(r, 70) ? rng_below(r, 6) : rng_below(r, 64);
	for (i = 0; i < ARRAY_SIZE(flag_bits); i++)
		if (rng_chance(r, 15))
			eb.flags |= flag_bits[i];
	if (rng_chance(r, 5))
		eb.flags |= rng_next(r) & ~0x3fffffull;
	bb = eb.flags & I915_EXEC_BATCH_FIRST ? 0 : n - 1;
	for (i = 0; i < n; i++) {
		o[i].handle = i == bb ? c.handle : pick_handle(r, &slot);
		if (rng_chance(r, 20))
			o[i].flags = rng_chance(r, 70) ?
				     EXEC_OBJECT_PINNED | EXEC_OBJECT_WRITE :
				     rng_next(r) & 0x3ff;
		if (o[i].flags & EXEC_OBJECT_PINNED)
			o[i].offset = rng_chance(r, 70) ?
				      (rng_below(r, 1 << 16) << 12) : rng_next(r);
		if (rng_chance(r, 10))
			o[i].alignment = 1ull << rng_below(r, 24);
		if (i == bb && rng_chance(r, 60)) {
			unsigned int k, nr = 1 + rng_below(r, 4);

			for (k = 0; k < nr; k++) {
				rel[k].target_handle = rng_chance(r, 80) ?
					o[rng_below(r, n)].handle :
					rng_below(r, 8);
				rel[k].delta = (uint32_t)rng_next(r);
				/* past the batch end command, or invalid */
				rel[k].offset = rng_chance(r, 85) ?
						8 + 4 * rng_below(r, 1000) :
						rng_next(r);
				rel[k].read_domains = rng_chance(r, 80) ? 2 :
						      rng_below(r, 256);
				rel[k].write_domain = rng_chance(r, 70) ? 0 :
						      rng_below(r, 256);
				rel[k].presumed_offset = rng_chance(r, 50) ?
							 ~0ull : 0;
			}
			o[i].relocation_count = nr;
			o[i].relocs_ptr = pick_ptr(r, rel, nr * sizeof(rel[0]));
		}
	}
	eb.buffers_ptr = pick_ptr(r, o, n * sizeof(o[0]));
	/* a wrong count: none, past the list, past INT_MAX, or large */
	switch (rng_chance(r, 95) ? 4 : rng_below(r, 4)) {
	case 0:
		eb.buffer_count = 0;
		break;
	case 1:
		eb.buffer_count = n + 1 + rng_below(r, 8);
		break;
	case 2:
		eb.buffer_count = 0x80000000u + (uint32_t)rng_below(r, 1 << 30);
		break;
	case 3:
		eb.buffer_count = 1u << (10 + rng_below(r, 12));
		break;
	default:
		eb.buffer_count = n;
		break;
	}
	if (rng_chance(r, 10))
		eb.batch_start_offset = rng_chance(r, 50) ? 4096 :
					(uint32_t)rng_next(r) | 4;
	if (rng_chance(r, 10))
		eb.batch_len = (uint32_t)rng_next(r);
	if (fz.n_contexts && rng_chance(r, 40))
		eb.rsvd1 = fz.contexts[rng_below(r, fz.n_contexts)];
	else if (rng_chance(r, 10))
		eb.rsvd1 = rng_next(r);
	if (rng_chance(r, 5))
		eb.DR1 = 1;

	ret = drm_call(fd, DRM_IOCTL_I915_GEM_EXECBUFFER2_WR, &eb);
	if (!ret && eb.flags & I915_EXEC_FENCE_OUT) {
		int out = eb.rsvd2 >> 32;
		struct pollfd p = { .fd = out, .events = POLLIN };

		if (poll(&p, 1, 10000) != 1)
			report("execbuf out-fence %d not signalled in 10 s", out);
		close(out);
	}
	cl.handle = c.handle;
	drm_call(fd, DRM_IOCTL_GEM_CLOSE, &cl);
	check_errno("EXECBUFFER2", ret, gem_errnos);
}

static void op_gem(struct rng *r)
{
	int fd = fz.dev.drm_fd, ret = 0;
	uint64_t ext[32];
	unsigned int slot;
	const char *what = "GEM";

	switch (rng_below(r, 16)) {
	case 14:
	case 15:
		op_execbuf(r);
		return;
	case 10:
	case 11:
	case 12:
		op_context(r);
		return;
	case 13: {
		struct drm_i915_gem_pwrite w = {
			.handle = pick_handle(r, &slot),
			.offset = rng_chance(r, 80) ? rng_below(r, 65536) : rng_next(r),
			.size = rng_chance(r, 80) ? rng_below(r, 8192) : rng_next(r),
		};
		bool rd = rng_chance(r, 50);

		w.data_ptr = pick_ptr(r, fz.page, w.size > SCRATCH_BYTES ?
					  SCRATCH_BYTES : w.size);
		what = rd ? "GEM_PREAD" : "GEM_PWRITE";
		ret = drm_call(fd, rd ? DRM_IOCTL_I915_GEM_PREAD :
					DRM_IOCTL_I915_GEM_PWRITE, &w);
		break;
	}
	case 0: {
		struct drm_i915_gem_create c = { .size = pick_gem_size(r) };

		what = "GEM_CREATE";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_CREATE, &c);
		if (!ret)
			keep_object(c.handle, c.size);
		break;
	}
	case 1: {
		struct drm_i915_gem_create_ext c = {
			.size = pick_gem_size(r),
			.flags = rng_chance(r, 85) ? 0 : rng_below(r, 4),
		};

		if (rng_chance(r, 70))
			c.extensions = pick_create_ext(r, ext, ARRAY_SIZE(ext));
		what = "GEM_CREATE_EXT";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_CREATE_EXT, &c);
		if (!ret)
			keep_object(c.handle, c.size);
		break;
	}
	case 2:
	case 3: {
		struct drm_i915_gem_mmap_offset m = {
			.handle = pick_handle(r, &slot),
			.flags = rng_chance(r, 90) ? rng_below(r, 5) : rng_next(r),
		};
		size_t len;
		uint32_t *p, v;

		what = "GEM_MMAP_OFFSET";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_MMAP_OFFSET, &m);
		if (ret || slot == MAX_OBJECTS)
			break;
		len = rng_chance(r, 80) ? fz.object_size[slot] :
					  4096 * (1 + rng_below(r, 32));
		fz.syscalls++;
		p = mmap(NULL, len, PROT_READ | PROT_WRITE,
			 rng_chance(r, 90) ? MAP_SHARED : MAP_PRIVATE, fd,
			 m.offset + (rng_chance(r, 90) ? 0 : 4096));
		if (p == MAP_FAILED) {
			what = "mmap of a GEM offset";
			ret = -errno;
			break;
		}
		v = (uint32_t)rng_next(r);
		p[0] = v;
		p[len / 4 - 1] = ~v;
		if (p[0] != v || p[len / 4 - 1] != ~v)
			report("GEM mapping of %zu bytes read back %#x, %#x; wrote %#x, %#x",
			       len, p[0], p[len / 4 - 1], v, ~v);
		munmap(p, len);
		break;
	}
	case 4: {
		struct drm_i915_gem_mmap m = {
			.handle = pick_handle(r, &slot),
			.offset = rng_chance(r, 80) ? 4096 * rng_below(r, 4) : rng_next(r),
			.size = rng_chance(r, 80) ? 4096 * (1 + rng_below(r, 8)) : rng_next(r),
			.flags = rng_chance(r, 90) ? rng_below(r, 2) : rng_next(r),
		};

		what = "GEM_MMAP";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_MMAP, &m);
		if (!ret)
			munmap((void *)(uintptr_t)m.addr_ptr, m.size);
		break;
	}
	case 5: {
		struct drm_i915_gem_set_domain d = {
			.handle = pick_handle(r, &slot),
			.read_domains = rng_below(r, 256),
			.write_domain = rng_chance(r, 50) ? 0 : rng_below(r, 256),
		};

		what = "GEM_SET_DOMAIN";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_SET_DOMAIN, &d);
		break;
	}
	case 6: {
		struct drm_i915_gem_wait w = {
			.bo_handle = pick_handle(r, &slot),
			.flags = rng_chance(r, 90) ? 0 : rng_next(r),
			.timeout_ns = (int64_t)rng_below(r, 2000000) - 1000000,
		};
		struct drm_i915_gem_busy b = { .handle = pick_handle(r, &slot) };

		what = "GEM_WAIT";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_WAIT, &w);
		if (ret)
			break;
		what = "GEM_BUSY";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_BUSY, &b);
		break;
	}
	case 7: {
		struct drm_i915_gem_set_tiling t = {
			.handle = pick_handle(r, &slot),
			.tiling_mode = rng_below(r, 5),
			.stride = rng_chance(r, 50) ? 0 : (uint32_t)rng_next(r),
		};
		struct drm_i915_gem_get_tiling g = { .handle = t.handle };

		what = "GEM_SET_TILING";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_SET_TILING, &t);
		if (ret)
			break;
		what = "GEM_GET_TILING";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_GET_TILING, &g);
		break;
	}
	case 8: {
		struct drm_i915_gem_get_aperture a;

		what = "GEM_GET_APERTURE";
		ret = drm_call(fd, DRM_IOCTL_I915_GEM_GET_APERTURE,
			       (void *)(uintptr_t)pick_ptr(r, &a, sizeof(a)));
		break;
	}
	default: {
		struct drm_gem_close c = { .handle = pick_handle(r, &slot) };

		what = "GEM_CLOSE";
		ret = drm_call(fd, DRM_IOCTL_GEM_CLOSE, &c);
		if (!ret && slot != MAX_OBJECTS)
			forget_object(slot);
		break;
	}
	}
	check_errno(what, ret, gem_errnos);
}

static void close_objects(void)
{
	struct drm_i915_gem_context_destroy d = {};
	struct drm_gem_close c;

	while (fz.n_contexts) {
		d.ctx_id = fz.contexts[--fz.n_contexts];
		drm_call(fz.dev.drm_fd, DRM_IOCTL_I915_GEM_CONTEXT_DESTROY, &d);
	}

	while (fz.n_objects) {
		c.handle = fz.objects[--fz.n_objects];
		drm_call(fz.dev.drm_fd, DRM_IOCTL_GEM_CLOSE, &c);
	}
}

static void close_stream(unsigned int i)
{
	fz.syscalls++;
	if (close(fz.streams[i].fd))
		report("close() of a stream fd failed: %s", strerror(errno));
	fz.streams[i] = fz.streams[--fz.n_streams];
}

/* A forked child: a few operations on the inherited fds, then exit. */
static void op_fork(struct rng *r)
{
	uint64_t child_seed = rng_next(r);
	uint64_t before = fz.reports;
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		report("fork failed: %s", strerror(errno));
		return;
	}
	if (pid == 0) {
		struct rng cr = { child_seed };
		unsigned int i, n = 1 + rng_below(&cr, 4);

		fz.in_child = true;
		child_takes_alarm();
		alarm(SEQ_TIMEOUT_S);
		for (i = 0; i < n; i++) {
			if (fz.n_streams && rng_chance(&cr, 60))
				op_stream(&cr, &fz.streams[rng_below(&cr, fz.n_streams)]);
			else if (rng_chance(&cr, 50))
				op_open(&cr);
			else
				op_add_config(&cr);
		}
		if (rng_chance(&cr, 50))
			close(fz.dev.drm_fd);
		fflush(stdout);
		_exit(fz.reports != before ? 1 : 0);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		report("forked child ended with status %#x", status);
	/* Configs the child added outlive it: remove what it may have left. */
}

/* An unprivileged child: opens and configs must fail, or follow paranoid. */
static void op_unprivileged(struct rng *r)
{
	uint64_t child_seed = rng_next(r);
	pid_t pid;
	int status;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		struct rng cr = { child_seed };
		uint64_t before = fz.reports;

		fz.in_child = true;
		child_takes_alarm();
		alarm(SEQ_TIMEOUT_S);
		if (setgroups(0, NULL) || setgid(NOBODY) || setuid(NOBODY))
			_exit(2);
		fz.unprivileged = true;
		fz.n_streams = 0;	/* the parent owns those */
		op_open(&cr);
		op_add_config(&cr);
		op_remove_config(&cr);
		fflush(stdout);
		_exit(fz.reports != before ? 1 : 0);
	}
	if (pid < 0) {
		report("fork failed: %s", strerror(errno));
		return;
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		report("unprivileged child ended with status %#x", status);
}

struct thread_arg {
	struct stream *s;
	uint64_t seed;
	uint64_t reports;
};

static void *thread_fn(void *data)
{
	struct thread_arg *a = data;
	struct rng tr = { a->seed };
	unsigned int i;

	for (i = 0; i < 8; i++)
		op_stream(&tr, a->s);
	return NULL;
}

/* A second thread operates on one stream while this one does too. */
static void op_thread(struct rng *r)
{
	struct thread_arg a;
	pthread_t t;
	unsigned int i;

	if (!fz.n_streams)
		return;
	a.s = &fz.streams[rng_below(r, fz.n_streams)];
	a.seed = rng_next(r);
	if (pthread_create(&t, NULL, thread_fn, &a)) {
		report("pthread_create failed");
		return;
	}
	for (i = 0; i < 8; i++)
		op_stream(r, a.s);
	pthread_join(t, NULL);
}

/*
 * The device as the fuzzer holds it: without the virtual GPU's control
 * page mapped (oa_dev_open() maps it), which no real GPU has and which
 * a wild pointer must not reach.
 */
static void fuzz_dev_open(void)
{
	oa_dev_open(&fz.dev);
	if (fz.dev.vgpu)
		munmap((void *)fz.dev.vgpu, 4096);
	fz.dev.vgpu = NULL;
}

/* Unbind the device under whatever is open, poke the dead fds, rebind. */
static void op_unbind(struct rng *r)
{
	unsigned int i;

	oa_unbind(fz.dev.bdf);
	for (i = 0; i < fz.n_streams; i++)
		op_stream(r, &fz.streams[i]);
	while (fz.n_streams)
		close_stream(0);
	if (!oa_bind(fz.dev.bdf))
		report("rebinding %s to intel_oa failed", fz.dev.bdf);
	fz.n_configs = 0;	/* the device's configs went with it */
	fz.n_objects = 0;	/* and the file's objects */
	fz.n_contexts = 0;	/* and contexts */
	/* the card may have a new minor; the suite's metric set is re-added */
	oa_dev_close(&fz.dev);
	fuzz_dev_open();
}

/*
 * Hang detector. SIGALRM (the sequence bound) is blocked in every thread
 * but this one, so it is delivered here even while the thread that made
 * a syscall spins in the kernel and never returns to take a signal: the
 * report names the sequence, then the process exits (a spinning thread
 * stays behind; the guest log then shows the soft lockup too).
 */
static void *watchdog_fn(void *data)
{
	sigset_t set;

	(void)data;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	for (;;)
		pause();
	return NULL;
}

/* In a forked child, which has no watchdog thread: take SIGALRM itself. */
static void child_takes_alarm(void)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	/* The parent's read timer is not the child's. */
	fz.read_timer_ok = false;
}

static void on_alarm(int sig)
{
	(void)sig;
	printf("oa_fuzz: REPORT seed %" PRIu64 " sequence %" PRIu64
	       ": not finished within %d s (replay: oa_fuzz --seed %" PRIu64
	       " --first %" PRIu64 " --sequences 1)\n",
	       fz.seed, fz.seq, SEQ_TIMEOUT_S, fz.seed, fz.seq);
	fflush(stdout);
	_exit(3);
}

static void start_watchdog(void)
{
	struct sigaction sa = { .sa_handler = on_read_timer };
	static bool started;
	sigset_t set;
	pthread_t t;

	if (started)
		return;
	started = true;
	signal(SIGALRM, on_alarm);
	sigemptyset(&set);
	sigaddset(&set, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &set, NULL);
	igt_assert(pthread_create(&t, NULL, watchdog_fn, NULL) == 0);
	pthread_detach(t);
	/* No SA_RESTART: the timer ends a blocking read() with EINTR. */
	fz.read_timer_ok = sigaction(SIGUSR1, &sa, NULL) == 0;
}

/*
 * Sequence @seq: one in STREAM_SEQ_EVERY opens a real stream first and
 * spends 16-48 operations mostly on it; the others are 1-16 operations
 * whose opens are all poisoned.
 */
#define STREAM_SEQ_EVERY 64

static void run_sequence(uint64_t seq, bool unbind)
{
	unsigned int i, n;
	bool stream_seq;

	fz.seq = seq;
	fz.r.s = fz.seed * 0x2545f4914f6cdd1dull ^ (seq + 1) * 0x9e3779b97f4a7c15ull;
	rng_next(&fz.r);
	alarm(SEQ_TIMEOUT_S);
	stream_seq = rng_below(&fz.r, STREAM_SEQ_EVERY) == 0;
	n = 1 + rng_below(&fz.r, 16);
	if (stream_seq) {
		op_open_kind(&fz.r, true);
		n += 32;
	}
	for (i = 0; i < n && fz.dev.drm_fd >= 0; i++) {
		unsigned int w = rng_below(&fz.r, 100);

		if (w < 30)
			op_open(&fz.r);
		else if (w < 42)
			op_add_config(&fz.r);
		else if (w < 50)
			op_remove_config(&fz.r);
		else if (w < 85 && fz.n_streams)
			op_stream(&fz.r, &fz.streams[rng_below(&fz.r, fz.n_streams)]);
		else if (w < 88 && fz.n_streams)
			close_stream(rng_below(&fz.r, fz.n_streams));
		/* processes and threads cost milliseconds: stream sequences only */
		else if (w < 92 && stream_seq)
			op_fork(&fz.r);
		else if (w < 96 && stream_seq)
			op_thread(&fz.r);
		else if (w < 98 && stream_seq)
			op_unprivileged(&fz.r);
		/* what the branches above left: 2%, and all without streams */
		else if (w >= 98 || (w >= 50 && w < 88 && !fz.n_streams))
			op_gem(&fz.r);
	}
	if (unbind)
		op_unbind(&fz.r);
	while (fz.n_streams)
		close_stream(0);
	close_objects();
	while (fz.n_configs) {
		uint64_t id = fz.configs[--fz.n_configs];

		drm_call(fz.dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &id);
	}
	alarm(0);
}

/* Remove every config left by children (they do not tell us their ids). */
static void remove_all_configs(void)
{
	uint64_t id;

	for (id = 1; id < 4096; id++)
		if (id != fz.dev.metrics_set)
			drm_call(fz.dev.drm_fd, DRM_IOCTL_I915_PERF_REMOVE_CONFIG, &id);
}

static uint64_t fuzz_run(uint64_t seed, uint64_t first, uint64_t count, uint64_t unbind_every,
			 bool progress)
{
	uint64_t s, t0 = oa_now_ns();

	fz.seed = seed;
	fz.page = mmap(NULL, SCRATCH_BYTES + 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	igt_assert(fz.page != MAP_FAILED);
	igt_assert(mprotect(fz.page + SCRATCH_BYTES, 4096, PROT_NONE) == 0);
	start_watchdog();
	signal(SIGPIPE, SIG_IGN);

	printf("oa_fuzz: seed %" PRIu64 ", sequences %" PRIu64 "..%" PRIu64 " on %s (%s)%s\n",
	       seed, first, first + count - 1, fz.dev.plat->name, fz.dev.bdf,
	       unbind_every ? ", unbind/rebind included" : "");
	fflush(stdout);
	for (s = first; s < first + count; s++) {
		run_sequence(s, unbind_every && (s + 1) % unbind_every == 0);
		if (fz.dev.drm_fd < 0)
			break;
		/* at absolute sequence numbers, so a run split in parts is the same */
		if ((s + 1) % 4096 == 0)
			remove_all_configs();
		if (progress && (s - first + 1) % 100000 == 0) {
			printf("oa_fuzz: %" PRIu64 " sequences, %" PRIu64 " syscalls, %" PRIu64
			       " reports, %.0f s\n", s - first + 1, fz.syscalls, fz.reports,
			       (oa_now_ns() - t0) / 1e9);
			fflush(stdout);
		}
	}
	remove_all_configs();
	printf("oa_fuzz: seed %" PRIu64 ": %" PRIu64 " sequences, %" PRIu64 " syscalls (%" PRIu64
	       " streams opened, %" PRIu64 " configs added, %" PRIu64
	       " GEM objects created), %" PRIu64 " reports, %.1f s\n",
	       seed, s - first, fz.syscalls, fz.opened, fz.added, fz.gem_created, fz.reports,
	       (oa_now_ns() - t0) / 1e9);
	fflush(stdout);
	return fz.reports;
}

static uint64_t env_u64(const char *name, uint64_t def)
{
	const char *v = getenv(name);

	return v && *v ? strtoull(v, NULL, 0) : def;
}

static int standalone(int argc, char **argv)
{
	uint64_t seed = 0, count = 1000000, first = 0, unbind_every = 0;
	bool have_seed = false;
	int i;

	for (i = 1; i < argc; i++) {
		if (i + 1 >= argc) {
			fprintf(stderr, "oa_fuzz: %s needs a value\n", argv[i]);
			return 2;
		}
		if (!strcmp(argv[i], "--seed")) {
			seed = strtoull(argv[++i], NULL, 0);
			have_seed = true;
		} else if (!strcmp(argv[i], "--sequences")) {
			count = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--first")) {
			first = strtoull(argv[++i], NULL, 0);
		} else if (!strcmp(argv[i], "--unbind-every")) {
			unbind_every = strtoull(argv[++i], NULL, 0);
		} else {
			fprintf(stderr, "oa_fuzz: unknown option %s\n", argv[i]);
			return 2;
		}
	}
	if (!have_seed) {
		fprintf(stderr, "oa_fuzz: --seed is required (scripts/fuzz picks one)\n");
		return 2;
	}
	fuzz_dev_open();
	oa_sysctl_write("perf_stream_paranoid", 1);
	return fuzz_run(seed, first, count, unbind_every, true) ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc > 1 && strncmp(argv[1], "--seed", 6) == 0)
		return standalone(argc, argv);

	igt_init(argc, argv);

	igt_fixture
		fuzz_dev_open();

	igt_describe("A seeded slice of the syscall fuzzer: $OA_FUZZ_SEQUENCES (default 2000) sequences from seed $OA_FUZZ_SEED (default 1), one unbind/rebind; no report.");
	igt_subtest("slice") {
		uint64_t seed = env_u64("OA_FUZZ_SEED", 1);
		uint64_t n = env_u64("OA_FUZZ_SEQUENCES", 2000);

		igt_assert_eq(fuzz_run(seed, 0, n, n / 2 + 1, false), 0);
	}

	return igt_exit();
}
