// SPDX-License-Identifier: MIT
/*
 * vgpu-ctl: read and write the virtual-GPU control page (BAR2) from the
 * guest shell. Used by run-tests (violation count) and for debugging.
 *
 *   vgpu-ctl [dump]                 print every field
 *   vgpu-ctl get <field>            print one field (decimal)
 *   vgpu-ctl set <field> <value>    write a knob
 *   vgpu-ctl clear-wrap <seconds>   keep recordings of the next <seconds>
 *                                   readable by i915-perf-reader (below)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "activity.h"
#include "oa_test.h"

static const struct {
	const char *name;
	unsigned int off;
	bool writable;
} fields[] = {
	{ "magic", VGPU_MAGIC, false },
	{ "version", VGPU_VERSION, false },
	{ "violations", VGPU_VIOLATIONS, false },
	{ "last-violation", VGPU_LAST_VIOLATION, false },
	{ "seed", VGPU_SEED, false },
	{ "drop-reports", VGPU_DROP_REPORTS, true },
	{ "force-overflow", VGPU_FORCE_OVERFLOW, true },
	{ "stall-tail", VGPU_STALL_TAIL, true },
	{ "reports-written", VGPU_REPORTS_WRITTEN, false },
	{ "reports-dropped", VGPU_REPORTS_DROPPED, false },
	{ "half-full-irqs", VGPU_HALF_FULL_IRQS, false },
	{ "msis-sent", VGPU_MSIS_SENT, false },
	{ "tail-race", VGPU_TAIL_RACE, true },
	{ "ratio", VGPU_RATIO, false },
	{ "guc-hang", VGPU_GUC_HANG, true },
	{ "irq-in-service", VGPU_IRQ_IN_SERVICE, true },
	{ "h2g-answered", VGPU_H2G_ANSWERED, false },
	{ "g2h-presented", VGPU_G2H_PRESENTED, false },
	{ "doorbells-serviced", VGPU_DB_SERVICED, false },
	{ "guc-oa-irqs", VGPU_GUC_OA_IRQS, false },
	{ "g2h-dropped", VGPU_G2H_DROPPED, false },
	/* Control page version 3 (counters.rst): 0 linear, 1 activity. */
	{ "workload", VGPU_WORKLOAD, true },
	/* Control page version 4 (vgpu-contract.rst). */
	{ "ts-advance", VGPU_TS_ADVANCE, true },
	{ "lose-writes", VGPU_LOSE_WRITES, true },
	{ "spurious-irqs", VGPU_SPURIOUS_IRQS, true },
	{ "irq-storm", VGPU_IRQ_STORM, true },
	{ "forcewake-stuck", VGPU_FORCEWAKE_STUCK, true },
	{ "guc-garbage", VGPU_GUC_GARBAGE, true },
	/* Control page version 5. */
	{ "guc-late", VGPU_GUC_LATE, true },
	{ "bad-ggtt-pages", VGPU_BAD_GGTT_PAGES, true },
	{ "surprise-removal", VGPU_SURPRISE_REMOVAL, true },
	{ "dma-errors", VGPU_DMA_ERRORS, false },
	/* Control page version 7. */
	{ "torn-write", VGPU_TORN_WRITE, true },
};

static int field_index(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(fields); i++)
		if (!strcmp(fields[i].name, name))
			return (int)i;
	fprintf(stderr, "vgpu-ctl: unknown field '%s'; run 'vgpu-ctl dump' for the list\n", name);
	exit(2);
}

/*
 * Jump T forward by @ticks (ts-advance, control page version 4, only
 * while no stream is open), in steps the 32-bit knob can hold.
 */
static int advance_T(volatile uint32_t *page, uint64_t ticks)
{
	if (page[VGPU_VERSION / 4] < 4) {
		fprintf(stderr, "vgpu-ctl: control page version %u has no ts-advance (4)\n",
			page[VGPU_VERSION / 4]);
		return 1;
	}
	while (ticks) {
		uint32_t step = ticks > 0x80000000ull ? 0x80000000u : (uint32_t)ticks;

		page[VGPU_TS_ADVANCE / 4] = step;
		ticks -= step;
	}
	return 0;
}

/*
 * Keep recordings of the next @secs seconds readable by IGT 1.27.1's
 * i915-perf-reader. It places a report by the low 32 bits of its
 * timestamp against those of the recorder's RING_TIMESTAMP correlation
 * points (correlate_gpu_timestamp() in lib/i915/perf_data_reader.c): a
 * report at or past the first point's low bits must lie between two
 * consecutive points, or the reader aborts; one below them is
 * extrapolated from the first points.
 *
 * Where RING_TIMESTAMP counts at the reports' rate, that holds unless a
 * wrap of the low 32 bits falls inside the recording: when the next one
 * is nearer than @secs, T jumps a millisecond past it, leaving a whole
 * wrap period (224 s at 19.2 MHz) before the next.
 *
 * On Gen12.5 and later the reports count at twice its rate (dg2.rst): a
 * report at RING_TIMESTAMP C carries 2C mod 2^32, never between two
 * points. It stays below the first point's low bits x0 while x0 >= 2^31
 * and the recording ends before C's low bits reach x0 + (2^32 - x0) / 2,
 * so T jumps to where they read 2^31 plus a millisecond: 2^30 - 1 ms of
 * RING_TIMESTAMP ticks (55.9 s at 19.2 MHz) is all a recording can last
 * there, and a longer @secs asks for that.
 */
static int clear_wrap(volatile uint32_t *page, const char *bdf, double secs)
{
	struct drm_i915_reg_read reg = { .offset = OA_RING_TIMESTAMP };
	const struct oa_platform *p;
	uint64_t devid, cs_hz, ratio, x, need, ms, left, to;
	char path[128];
	int card, fd, ret;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/device", bdf);
	card = oa_card_for_bdf(bdf);
	if (!oa_read_u64_file(path, &devid) || card < 0 ||
	    !(p = oa_platform_for_devid((uint16_t)devid))) {
		fprintf(stderr, "vgpu-ctl: %s: no DRM card or no platform row for it\n", bdf);
		return 1;
	}
	cs_hz = oa_cs_hz(p);
	ratio = p->timestamp_hz / cs_hz;
	if (ratio * cs_hz != p->timestamp_hz || ratio > 2) {
		fprintf(stderr, "vgpu-ctl: %s: reports at %llu Hz, RING_TIMESTAMP at %llu Hz: no rule for that ratio\n",
			p->name, (unsigned long long)p->timestamp_hz, (unsigned long long)cs_hz);
		return 1;
	}
	ms = cs_hz / 1000;
	need = (uint64_t)(secs * (double)cs_hz);
	if (ratio == 2 && need >= (1ull << 30) - ms) {
		need = (1ull << 30) - ms - 1;
		printf("%s: the reader can place reports for at most %.1f s here, not %.1f s\n",
		       p->name, (double)need / cs_hz, secs);
	}
	snprintf(path, sizeof(path), "/dev/dri/card%d", card);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "vgpu-ctl: %s: %s\n", path, strerror(errno));
		return 1;
	}
	ret = ioctl(fd, DRM_IOCTL_I915_REG_READ, &reg);
	close(fd);
	if (ret) {
		fprintf(stderr, "vgpu-ctl: REG_READ of RING_TIMESTAMP: %s\n", strerror(errno));
		return 1;
	}
	x = reg.val & 0xffffffffull;
	if (ratio == 1) {
		left = (1ull << 32) - x;
		to = left + ms;
	} else {
		left = x >= 1ull << 31 ? ((1ull << 32) - x) / 2 : 0;
		to = ((1ull << 31) + ms - x) & 0xffffffffull;
	}
	if (left > need) {
		printf("RING_TIMESTAMP=%#llx: recordings readable for %.1f s\n",
		       (unsigned long long)reg.val, (double)left / cs_hz);
		return 0;
	}
	printf("RING_TIMESTAMP=%#llx: recordings readable for %.1f s only: advancing %.1f s\n",
	       (unsigned long long)reg.val, (double)left / cs_hz, (double)to / cs_hz);
	return advance_T(page, to * ratio);
}

int main(int argc, char **argv)
{
	volatile uint32_t *page;
	char bdf[64];
	size_t i;

	if (!oa_find_pci(bdf, sizeof(bdf))) {
		fprintf(stderr, "vgpu-ctl: no PCI display device with vendor 0x8086 found\n");
		return 1;
	}
	page = oa_map_vgpu(bdf);
	if (!page) {
		fprintf(stderr, "vgpu-ctl: %s has no control page (resource2 missing, unmappable or wrong magic); need root and the intel-oa QEMU device\n",
			bdf);
		return 1;
	}
	if (argc < 2 || !strcmp(argv[1], "dump")) {
		printf("device %s\n", bdf);
		for (i = 0; i < ARRAY_SIZE(fields); i++)
			printf("%-16s 0x%03x %#010x (%u)\n", fields[i].name, fields[i].off,
			       page[fields[i].off / 4], page[fields[i].off / 4]);
		return 0;
	}
	if (!strcmp(argv[1], "get") && argc == 3) {
		printf("%u\n", page[fields[field_index(argv[2])].off / 4]);
		return 0;
	}
	if (!strcmp(argv[1], "set") && argc == 4) {
		int f = field_index(argv[2]);

		if (!fields[f].writable) {
			fprintf(stderr, "vgpu-ctl: %s is read-only\n", argv[2]);
			return 2;
		}
		page[fields[f].off / 4] = (uint32_t)strtoul(argv[3], NULL, 0);
		return 0;
	}
	if (!strcmp(argv[1], "clear-wrap") && argc == 3)
		return clear_wrap(page, bdf, strtod(argv[2], NULL));
	fprintf(stderr, "usage: vgpu-ctl [dump | get <field> | set <field> <value> | clear-wrap <seconds>]\n");
	return 2;
}
