/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the intel-oa in-guest tests: finding the DRM device and
 * its PCI function, the virtual-GPU control page (BAR2), sysctls with
 * automatic restore, stream open/read helpers, debugfs statistics and
 * tracepoints. Every assertion on report contents lives in oa_hw.c and
 * workload.c; nothing here decodes counters.
 */
#ifndef OA_TEST_H
#define OA_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "drm/intel_oa_drm.h"
#include "igt_core.h"
#include "oa_hw.h"
#include "workload.h"

/* Virtual-GPU control page (BAR2) of Documentation/vgpu-contract.rst. */
#define VGPU_MAGIC		0x000
#define VGPU_MAGIC_VALUE	0x41474f56u
#define VGPU_VERSION		0x004
#define VGPU_VIOLATIONS		0x008
#define VGPU_LAST_VIOLATION	0x00c

/*
 * Ledger of the PRM violations subtests provoke on purpose, one line
 * "test@subtest CODE" each; software cannot reset the device's count, so
 * oa_prm, run last, expects exactly these (oa_lifetime@surprise-removal,
 * whose new device counts from 0, checks and empties the ledger). The
 * guest's /tmp lasts one boot.
 */
#define OA_EXPECTED_VIOLATIONS_FILE "/tmp/intel-oa-expected-violations"
#define VGPU_SEED		0x010
#define VGPU_DROP_REPORTS	0x014
#define VGPU_FORCE_OVERFLOW	0x018
#define VGPU_STALL_TAIL		0x01c
#define VGPU_REPORTS_WRITTEN	0x020
#define VGPU_REPORTS_DROPPED	0x024
#define VGPU_HALF_FULL_IRQS	0x028
#define VGPU_MSIS_SENT		0x02c
#define VGPU_TAIL_RACE		0x030
#define VGPU_RATIO		0x034
/* Control page version 2 (dg2.rst); read 0 on platforms without a GuC. */
#define VGPU_GUC_HANG		0x038
#define VGPU_IRQ_IN_SERVICE	0x03c
#define VGPU_H2G_ANSWERED	0x040
#define VGPU_G2H_PRESENTED	0x044
#define VGPU_DB_SERVICED	0x048
#define VGPU_GUC_OA_IRQS	0x04c
#define VGPU_G2H_DROPPED	0x050
/* Control page version 4: time travel and lost report writes. */
#define VGPU_TS_ADVANCE		0x058
#define VGPU_LOSE_WRITES	0x05c
#define VGPU_SPURIOUS_IRQS	0x060
#define VGPU_IRQ_STORM		0x064
#define VGPU_FORCEWAKE_STUCK	0x068
#define VGPU_GUC_GARBAGE	0x06c
/* Control page version 5: late GuC replies, bad PTEs, surprise removal. */
#define VGPU_GUC_LATE		0x070
#define VGPU_BAD_GGTT_PAGES	0x074
#define VGPU_SURPRISE_REMOVAL	0x078
#define VGPU_DMA_ERRORS		0x07c
/* Control page version 7: a report whose header lands before its rest. */
#define VGPU_TORN_WRITE		0x084

#define OA_RECORD_HEADER_BYTES	8u

/**
 * struct oa_dev - the device under test, as found by oa_dev_open()
 * @drm_fd: primary node fd (root opened)
 * @card: N of /dev/dri/cardN
 * @sysfs: /sys/class/drm/cardN
 * @bdf: PCI address, e.g. 0000:00:03.0
 * @devid: PCI device id
 * @plat: platform row
 * @vgpu: mapped control page, NULL if absent
 * @wl: synthetic workload parameters read from the control page
 * @metrics_set: a metric set id advertised in sysfs metrics/
 */
struct oa_dev {
	int drm_fd;
	int card;
	char sysfs[64];
	char bdf[32];
	uint16_t devid;
	const struct oa_platform *plat;
	volatile uint32_t *vgpu;
	struct workload wl;
	uint64_t metrics_set;
};

/* Open the device; igt_require()s that it exists. */
void oa_dev_open(struct oa_dev *dev);
void oa_dev_close(struct oa_dev *dev);
/*
 * The PCI function (DDDD:BB:DD.F) that IGT_DEVICE selects, in the two IGT
 * filter forms the suite understands: "drm:/dev/dri/cardN" and
 * "sys:<sysfs path of the PCI device, or of its drm/cardN>". False when
 * IGT_DEVICE is unset (the first Intel GPU is used); exits with status 2
 * on any other form or a path that is not there.
 */
bool oa_wanted_bdf(char *bdf, size_t len);
/*
 * Find the virtual-GPU PCI function (IGT_DEVICE's, or the first Intel
 * display-class one); false if none. Does not need DRM.
 */
bool oa_find_pci(char *bdf, size_t len);
volatile uint32_t *oa_map_vgpu(const char *bdf);

static inline uint32_t vgpu_read(const struct oa_dev *dev, unsigned int off)
{
	return dev->vgpu[off / 4];
}

static inline void vgpu_write(const struct oa_dev *dev, unsigned int off,
			      uint32_t val)
{
	dev->vgpu[off / 4] = val;
}

/* Require the control page, and reset all fault knobs at subtest end. */
void oa_require_vgpu(struct oa_dev *dev);
/*
 * One dword of BAR0's register half (below 4 MiB), through a mapping of
 * sysfs resource0 as a root debugging tool would read it; skips where
 * BAR0 cannot be mapped. A register of a sleeping forcewake domain reads
 * 0 (and the virtual GPU counts it): read with a stream open.
 */
uint32_t oa_bar0_read(const struct oa_dev *dev, uint32_t off);
/*
 * The first @len bytes of BAR0 mapped through sysfs resource0 (read-only
 * unless @writable); skips where BAR0 cannot be mapped. munmap() it.
 */
volatile uint32_t *oa_map_bar0(const struct oa_dev *dev, size_t len, bool writable);

/* Sysctls (dev.i915.* or dev.intel_oa.*), restored at subtest end. */
bool oa_sysctl_exists(const char *name);
uint64_t oa_sysctl_read(const char *name);
void oa_sysctl_write(const char *name, uint64_t val);

/* Open-parameter builder. */
/*
 * @ts_ref: GPU timestamp read (oa_read_timestamp) just before the open
 * ioctl, the reference from which a capture recovers each report's full
 * timestamp T; @ts_ref_err: 0, or the -errno of that read.
 */
struct oa_open {
	uint64_t props[2 * 16];
	uint32_t n;
	uint32_t flags;
	uint64_t ts_ref;
	int ts_ref_err;
};

/*
 * Read the render command streamer timestamp (RING_TIMESTAMP, 0x2358, 36
 * bits) with DRM_IOCTL_I915_REG_READ and return it in OA timestamp ticks
 * (oa_ring_to_T(): x2 on Gen12.5, whose command streamer counts at half
 * the OA rate; unchanged elsewhere). Returns 0 or -errno. That is the full
 * GPU timestamp T while RING_TIMESTAMP has not wrapped (95 min at 12 MHz
 * from the device's timestamp-base), which the suite assumes.
 */
int oa_read_timestamp(int drm_fd, uint64_t *ts);

void oa_prop(struct oa_open *o, uint64_t key, uint64_t val);
/* An address userspace can neither read nor write: a PROT_NONE page. */
void *oa_fault_ptr(void);
/*
 * Make @o a ring stream (driver.rst "Stream modes": any intel_oa property
 * does): the drain runs ahead of read(), from the half-full interrupt and
 * the hrtimer, into a ring that mmap() can map. It asks for the default
 * 16 MiB ring. Without it a stream behaves as i915's.
 */
void oa_ring_stream(struct oa_open *o);
/* The usual periodic stream: SAMPLE_OA, metrics set, format, exponent. */
void oa_open_periodic(const struct oa_dev *dev, struct oa_open *o,
		      const struct oa_format *f, unsigned int exponent);
/*
 * Read the timestamp reference into @o, then issue
 * DRM_IOCTL_I915_PERF_OPEN; returns the fd or -errno.
 */
int oa_try_open(int drm_fd, struct oa_open *o);
/* Same, asserting success. */
int oa_open(int drm_fd, struct oa_open *o);

/* A decoded run of reads. Reports are copied out of their records. */
struct oa_capture {
	const struct oa_format *fmt;
	uint32_t *reports;		/* n * fmt->size bytes */
	uint64_t *ts;			/* n full GPU timestamps T */
	struct oa_ts_unwrap unwrap;	/* recovers T from TIMESTAMP */
	size_t n, cap;
	size_t n_report_lost;		/* OA_REPORT_LOST records */
	size_t n_buffer_lost;		/* OA_BUFFER_LOST records */
	size_t first_lost_at;		/* report index after first lost rec */
	size_t n_lost;			/* intel_oa lost records */
	uint64_t lost_count;		/* reports they say were lost */
	uint32_t last_lost_reason;	/* reason of the last of them */
	size_t n_lost_by[4];		/* intel_oa lost records by reason */
	uint64_t lost_count_by[4];	/* their counts, by reason */
	size_t reads;			/* read() calls returning data */
	size_t eagain;			/* read() calls returning EAGAIN */
};

/*
 * Start a capture of reports of format @f from the stream opened with @o
 * (its ts_ref anchors the recovery of each report's full timestamp).
 */
void oa_capture_init(struct oa_capture *c, const struct oa_format *f,
		     const struct oa_open *o);
void oa_capture_fini(struct oa_capture *c);
/* Parse @len bytes of records from @buf into @c, asserting well-formed. */
void oa_capture_parse(struct oa_capture *c, const uint8_t *buf, size_t len);
/*
 * poll()+read() @fd until @c holds @want reports or @timeout_ms passes.
 * Returns the number of reports held.
 */
size_t oa_capture_until(int fd, struct oa_capture *c, size_t want,
			int timeout_ms);
/* Read everything available now (non-blocking fd), return bytes read. */
size_t oa_capture_drain(int fd, struct oa_capture *c);

static inline const uint32_t *oa_capture_report(const struct oa_capture *c,
						  size_t i)
{
	return c->reports + i * (c->fmt->size / 4);
}

/* Full GPU timestamp T of report @i (its TIMESTAMP field is T mod 2^32). */
static inline uint64_t oa_capture_ts(const struct oa_capture *c, size_t i)
{
	return c->ts[i];
}

/*
 * Check every report of @c against the workload and that consecutive
 * timestamps differ by exactly the period of @exponent, starting at index
 * @from. Fails the subtest with the first mismatch.
 */
void oa_assert_reports(const struct oa_dev *dev, const struct oa_capture *c,
		       unsigned int exponent, size_t from);
/* Same for reports [@from, @to). */
void oa_assert_reports_range(const struct oa_dev *dev,
			     const struct oa_capture *c,
			     unsigned int exponent, size_t from, size_t to);

/*
 * debugfs dri/<minor>/guc (dg2.rst "debugfs guc") read whole into @buf;
 * false if the file is missing.
 */
bool oa_debugfs_guc(const struct oa_dev *dev, char *buf, size_t len);

/* debugfs: value of key @key in dri/<minor>/intel_oa_stats. */
bool oa_stats_get(const struct oa_dev *dev, const char *key, uint64_t *val);
const char *oa_stats_path(const struct oa_dev *dev);

/*
 * Tracing: enable all intel_oa:* events (cleared buffer; disabled again at
 * subtest end); count lines of @event whose text contains @contains (NULL:
 * all of them).
 */
bool oa_trace_start(void);
uint64_t oa_trace_count(const char *event, const char *contains);

/* Exponent whose period is closest to (at most) @ns. */
unsigned int oa_exponent_for_ns(const struct oa_dev *dev, uint64_t ns);
uint64_t oa_exponent_ns(const struct oa_dev *dev, unsigned int e);
/*
 * Smallest exponent (at least the platform's minimum) at which the
 * platform's OA buffer holds @ns worth of @f reports.
 */
unsigned int oa_exponent_filling(const struct oa_dev *dev,
				 const struct oa_format *f, uint64_t ns);

uint64_t oa_now_ns(void);
/* "A32u40_A4u32_B8_C8" -> "a32u40-a4u32-b8-c8" (IGT kebab-case subtest names) */
const char *oa_subtest_suffix(const char *name);
void oa_sleep_ms(unsigned int ms);

/* Drop to uid/gid nobody; all capabilities go with uid 0. */
void oa_drop_root(void);

/* Metric-set helpers (sysfs metrics/<uuid>/id). */
bool oa_metric_id_for_uuid(const struct oa_dev *dev, const char *uuid,
			   uint64_t *id);

/*
 * Remove the suite's own metric set (if this process added one) and close
 * the DRM fd kept for that; the next oa_dev_open() adds it again. Needed
 * before a rebind so the old DRM device's last reference goes away.
 */
void oa_suite_config_release(void);

/* PCI driver binding (/sys/bus/pci/drivers/intel_oa/{bind,unbind}). */
bool oa_driver_bound(const char *bdf);
/* N of the /sys/class/drm/cardN of PCI function @bdf, or -1. */
int oa_card_for_bdf(const char *bdf);
/* Unbind, asserting the driver and the card node are gone. */
void oa_unbind(const char *bdf);
/* Bind if unbound and wait for the card; false (with a message) on error. */
bool oa_bind(const char *bdf);
/*
 * Remove PCI function @bdf (if present) and rescan the bus, then wait for
 * intel_oa to bind the device found again and for its card; false (with a
 * message) on error.
 */
bool oa_pci_remove_rescan(const char *bdf);

/*
 * Kernel log watch: oa_kmsg_begin() marks the log (/dev/kmsg, skipping what
 * is already there); oa_kmsg_end() returns how many records since then look
 * like a kernel splat (WARNING, BUG, Oops, lockdep, ...), printing them.
 */
struct oa_kmsg {
	int fd;
};
/*
 * Read a file holding one number (decimal or 0x-hex, optionally followed by
 * a newline), as sysfs and /proc/sys files do. False if it is missing or
 * holds anything else.
 */
bool oa_read_u64_file(const char *path, uint64_t *val);
/* Set the intel_oa module's per-client GEM limit (gem_client_mb). */
void oa_set_client_mb(uint64_t mb);
/* Set it to @mb until the subtest ends (a cleanup restores it); the old. */
uint64_t oa_limit_client_mb(uint64_t mb);

void oa_kmsg_begin(struct oa_kmsg *k, const char *what);
unsigned int oa_kmsg_end(struct oa_kmsg *k);
/* oa_kmsg_end(), also counting in *@matches the records containing @needle. */
unsigned int oa_kmsg_end_count(struct oa_kmsg *k, const char *needle,
			       unsigned int *matches);

/*
 * The most lines one printk-ratelimited call site can log over @ns
 * nanoseconds: the kernel's default state (DEFAULT_RATELIMIT_BURST 10 per
 * DEFAULT_RATELIMIT_INTERVAL 5 s, include/linux/ratelimit_types.h, used
 * by dev_err_ratelimited() and so drm_err_ratelimited()) opens a window at
 * a line and a new one once 5 s have passed since, so a span of @ns meets
 * at most 1 + @ns / 5 s windows (plus a tick's slack). Each window may
 * also begin with "<function>: N callbacks suppressed" for the calls the
 * previous one refused (lib/ratelimit.c, ___ratelimit()), which names the
 * caller: 11 lines a window. The state is the call site's, shared by
 * every device, so the previous window may be another GPU's.
 */
unsigned int oa_ratelimit_max_lines(uint64_t ns);

#endif /* OA_TEST_H */
